import type { DrawVerdict } from "../../lib/draw-verdict";
import type { VerifierPack, VerifierPackItem } from "./verifier-pack";

export interface VerifyOutcome {
  seedHash: string;
  /** The hash the player noted before opening, when known, to compare with seedHash. */
  expectedHash: string | null;
  hash: string;
  result: number;
  clientSeed: string;
  nonce: number;
  pack: VerifierPack | null;
  item: VerifierPackItem | null;
  /** Whether the draw gives what the opening recorded, when the verifier was opened from one. */
  verdict: DrawVerdict | null;
}

const VERDICT_TONE: Record<DrawVerdict["kind"], string> = { confirmed: "success", refuted: "error", unchecked: "info" };

/** What the browser computed: the seed's hash (with a match check), the HMAC, the ticket and the item. */
export function FairnessVerifyResult({ outcome }: { outcome: VerifyOutcome }) {
  const matches = outcome.expectedHash === null ? null : outcome.expectedHash === outcome.seedHash;
  return (
    <section className="fairness-result stack" aria-labelledby="fairness-result-title">
      <h3 id="fairness-result-title">Verification result</h3>
      {outcome.verdict && (
        <p className={`alert fairness-verdict ${VERDICT_TONE[outcome.verdict.kind]}`} data-testid="verify-verdict" role="status">
          {outcome.verdict.text}
        </p>
      )}
      <dl className="fairness-dl">
        <dt>SHA-256 of the server seed</dt>
        <dd className="mono break" data-testid="verify-seed-hash">
          {outcome.seedHash}
        </dd>
        {outcome.expectedHash !== null && (
          <>
            <dt>Hash shown before opening</dt>
            <dd>
              <span className="mono break">{outcome.expectedHash}</span>{" "}
              <span className={matches ? "fairness-badge positive" : "fairness-badge negative"} data-testid="verify-seed-hash-match">
                {matches ? "✓ Match" : "✗ Mismatch"}
              </span>
            </dd>
          </>
        )}
        <dt>HMAC message (clientSeed:nonce)</dt>
        <dd className="mono break">
          {outcome.clientSeed}:{outcome.nonce}
        </dd>
        <dt>HMAC-SHA256 hash</dt>
        <dd className="mono break" data-testid="verify-hash">
          {outcome.hash}
        </dd>
        <dt>Result (1 … 100000)</dt>
        <dd className="num fairness-result-number" data-testid="verify-result">
          {outcome.result}
        </dd>
        <dt>Winning item</dt>
        <dd data-testid="verify-item">
          {outcome.item && outcome.pack ? (
            <>
              <strong>{outcome.item.name}</strong> <span className={`rarity rarity-${outcome.item.rarity}`}>{outcome.item.rarity}</span>{" "}
              <span className="muted num">
                tickets {outcome.item.ticketFrom}–{outcome.item.ticketTo}
              </span>
            </>
          ) : (
            <span className="muted">Choose a pack to see which item holds this ticket.</span>
          )}
        </dd>
      </dl>
      {outcome.pack && (
        <p className="hint">
          Checked against the current ticket ranges of {outcome.pack.name} (odds version {outcome.pack.oddsVersion}, oddsHash{" "}
          <span className="mono break">{outcome.pack.oddsHash}</span>). If the opening recorded another oddsHash, the pack&apos;s odds
          changed since.
        </p>
      )}
    </section>
  );
}
