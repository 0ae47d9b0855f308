"use client";
import Link from "next/link";
import { useRef } from "react";
import type { RouterOutputs } from "@prizepacks/api";

/**
 * One draw's fairness data in a modal dialog, each value on its own full-width line (a hash in
 * a narrow card breaks one character per line), with the link that verifies it.
 */
export function OpenFairnessDialog({ result, verifyHref }: { result: RouterOutputs["packs"]["open"]; verifyHref: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `fairness-${result.spin.id}`;
  const rows: [string, string | number][] = [
    ["serverSeedHash", result.fairness.serverSeedHash],
    ["clientSeed", result.fairness.clientSeed],
    ["nonce", result.fairness.nonce],
    ["hash", result.fairness.hash],
    ["result", result.spin.result],
    ["oddsHash", result.fairness.oddsHash],
  ];
  return (
    <>
      <button type="button" className="link-button small-text" onClick={() => dialogRef.current?.showModal()} aria-haspopup="dialog">
        Fairness data
      </button>
      <dialog ref={dialogRef} className="fairness-dialog" aria-labelledby={titleId} data-testid="fairness-dialog">
        <div className="stack">
          <h4 id={titleId}>Fairness data: {result.item.name}</h4>
          <dl className="fairness-dialog-data mono">
            {rows.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="row">
            <Link href={verifyHref}>Verify this draw</Link>
            <button type="button" className="button ghost small" onClick={() => dialogRef.current?.close()}>
              Close
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
