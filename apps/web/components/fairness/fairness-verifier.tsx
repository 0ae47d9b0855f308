"use client";
import { useEffect, useId, useState, type FormEvent } from "react";
import { drawTicket, findRangeForTicket, sha256Hex } from "@prizepacks/fairness";
import { judgeDraw, type RecordedDraw } from "../../lib/draw-verdict";
import { ErrorAlert } from "../ui/error-alert";
import { FairnessVerifyResult, type VerifyOutcome } from "./fairness-verify-result";
import type { VerifierPack } from "./verifier-pack";

export type { VerifierPack, VerifierPackItem } from "./verifier-pack";

/** Initial values of the form, from the URL or from a revealed seed pair. */
export interface VerifierPrefill {
  serverSeed?: string;
  clientSeed?: string;
  nonce?: string;
  pack?: string;
  serverSeedHash?: string;
  /** The odds hash and item the opening recorded (links from history): the verifier then gives a verdict. */
  oddsHash?: string;
  item?: string;
}

const NONCE_PATTERN = /^\d{1,15}$/;

/** Recomputes a draw in the browser with the same code the server uses; nothing is sent anywhere. */
export function FairnessVerifier({
  packs,
  prefill,
  onPackChange,
}: {
  packs: VerifierPack[];
  prefill: VerifierPrefill;
  onPackChange?: (slug: string) => void;
}) {
  const id = useId();
  const [serverSeed, setServerSeed] = useState(prefill.serverSeed ?? "");
  const [clientSeed, setClientSeed] = useState(prefill.clientSeed ?? "");
  const [nonce, setNonce] = useState(prefill.nonce ?? "0");
  const [packSlug, setPackSlug] = useState(packs.some((pack) => pack.slug === prefill.pack) ? prefill.pack! : (packs[0]?.slug ?? ""));
  const [expectedHash, setExpectedHash] = useState(prefill.serverSeedHash ?? "");
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recorded: RecordedDraw | null =
    prefill.item && prefill.pack ? { packSlug: prefill.pack, itemId: prefill.item, oddsHash: prefill.oddsHash ?? null } : null;

  async function verify(values: { serverSeed: string; clientSeed: string; nonce: string; packSlug: string; expectedHash: string }) {
    setError(null);
    if (!values.serverSeed) return setError("Enter the server seed (revealed when the seed pair is rotated).");
    if (!values.clientSeed) return setError("Enter the client seed.");
    if (!NONCE_PATTERN.test(values.nonce.trim())) return setError("The nonce is a whole number: 0 for the first opening of a pair.");
    setBusy(true);
    try {
      const nonceNumber = Number(values.nonce.trim());
      const [seedHash, draw] = await Promise.all([
        sha256Hex(values.serverSeed),
        drawTicket({ serverSeed: values.serverSeed, clientSeed: values.clientSeed, nonce: nonceNumber }),
      ]);
      const pack = packs.find((candidate) => candidate.slug === values.packSlug) ?? null;
      const expected = values.expectedHash.trim().toLowerCase() || null;
      const item = pack ? findRangeForTicket(pack.items, draw.result) : null;
      setOutcome({
        seedHash,
        expectedHash: expected,
        hash: draw.hash,
        result: draw.result,
        clientSeed: values.clientSeed,
        nonce: nonceNumber,
        pack,
        item,
        verdict: judgeDraw({ seedHash, expectedHash: expected, result: draw.result, pack, item }, recorded),
      });
    } catch (caught) {
      setOutcome(null);
      // Web Crypto exists only in secure contexts (https or localhost).
      setError(
        typeof crypto === "undefined" || !crypto.subtle
          ? "This browser does not offer Web Crypto on this page (it needs https). Use the Node snippet from the README instead."
          : caught instanceof Error
            ? caught.message
            : "The draw could not be computed.",
      );
    } finally {
      setBusy(false);
    }
  }

  // Links from the pack page and history carry the draw in the URL: verify it straight away.
  useEffect(() => {
    if (prefill.serverSeed && prefill.clientSeed && prefill.nonce !== undefined) {
      void verify({ serverSeed, clientSeed, nonce, packSlug, expectedHash });
    }
    // Only on mount: the prefill is fixed for the life of this component (the parent re-keys it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify({ serverSeed, clientSeed, nonce, packSlug, expectedHash });
  }

  return (
    <div className="stack">
      {recorded && !prefill.serverSeed && (
        <p className="alert info" data-testid="verify-seed-secret">
          This draw&apos;s server seed is still secret: it is revealed when you rotate your seed pair (Your seeds, on this page). Then
          verify the draw from your history.
        </p>
      )}
      <form className="form fairness-verifier-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-server-seed`}>Server seed</label>
          <input
            id={`${id}-server-seed`}
            className="mono"
            value={serverSeed}
            onChange={(event) => setServerSeed(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-server-seed-hint`}
          />
          <span id={`${id}-server-seed-hint`} className="hint">
            Revealed when you rotate your seed pair.
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-client-seed`}>Client seed</label>
          <input
            id={`${id}-client-seed`}
            className="mono"
            value={clientSeed}
            onChange={(event) => setClientSeed(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="row fairness-verifier-pair">
          <div className="field">
            <label htmlFor={`${id}-nonce`}>Nonce</label>
            <input
              id={`${id}-nonce`}
              inputMode="numeric"
              pattern="[0-9]*"
              value={nonce}
              onChange={(event) => setNonce(event.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-pack`}>Pack</label>
            <select
              id={`${id}-pack`}
              value={packSlug}
              onChange={(event) => {
                setPackSlug(event.target.value);
                onPackChange?.(event.target.value);
              }}
            >
              {packs.length === 0 && <option value="">No active packs</option>}
              {packs.map((pack) => (
                <option key={pack.slug} value={pack.slug}>
                  {pack.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-expected-hash`}>Hash shown before opening (optional)</label>
          <input
            id={`${id}-expected-hash`}
            className="mono"
            value={expectedHash}
            onChange={(event) => setExpectedHash(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <ErrorAlert error={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          Verify
        </button>
      </form>
      <div aria-live="polite">{outcome && <FairnessVerifyResult outcome={outcome} />}</div>
    </div>
  );
}
