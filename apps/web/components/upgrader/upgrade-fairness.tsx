"use client";
import Link from "next/link";
import { useRef } from "react";
import type { UpgradeResult } from "@prizepacks/core/contract";

/** The fairness page's upgrade verifier, pre-filled with this roll (the server seed comes when the pair is rotated). */
export function upgradeVerifyHref(fields: {
  serverSeed?: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  chanceTickets: number;
  ticket: number;
}): string {
  const params = new URLSearchParams({ verify: "upgrade" });
  if (fields.serverSeed) params.set("serverSeed", fields.serverSeed);
  params.set("serverSeedHash", fields.serverSeedHash);
  params.set("clientSeed", fields.clientSeed);
  params.set("nonce", String(fields.nonce));
  params.set("chanceTickets", String(fields.chanceTickets));
  params.set("ticket", String(fields.ticket));
  return `/fairness?${params.toString()}#upgrade-verifier`;
}

/** One upgrade's fairness data in a modal dialog (as OpenFairnessDialog for a draw), with the link that verifies it. */
export function UpgradeFairness({ result, name }: { result: UpgradeResult; name: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `upgrade-fairness-${result.upgrade.id}`;
  const rows: [string, string | number][] = [
    ["recipe", "upgrade/v1"],
    ["serverSeedHash", result.fairness.serverSeedHash],
    ["clientSeed", result.fairness.clientSeed],
    ["nonce", result.fairness.nonce],
    ["hash", result.fairness.hash],
    ["ticket", result.upgrade.ticket],
    ["chanceTickets", result.upgrade.chanceTickets],
  ];
  const href = upgradeVerifyHref({ ...result.fairness, chanceTickets: result.upgrade.chanceTickets, ticket: result.upgrade.ticket });
  return (
    <>
      <button type="button" className="link-button small-text" onClick={() => dialogRef.current?.showModal()} aria-haspopup="dialog">
        Fairness data
      </button>
      <dialog ref={dialogRef} className="fairness-dialog" aria-labelledby={titleId} data-testid="fairness-dialog">
        <div className="stack">
          <h4 id={titleId}>Fairness data: upgrade to {name}</h4>
          <dl className="fairness-dialog-data mono">
            {rows.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="small-text">Won iff ticket ≤ chanceTickets. The server seed is revealed when you rotate your seed pair.</p>
          <div className="row">
            <Link href={href}>Verify this upgrade</Link>
            <button type="button" className="button ghost small" onClick={() => dialogRef.current?.close()}>
              Close
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
