import type { RouterOutputs } from "@prizepacks/api";

export type RotateResult = RouterOutputs["fairness"]["rotate"];

/** The seed pair just retired, with its server seed now public. */
export function RevealedSeedPair({ previous, onVerify }: { previous: RotateResult["previous"]; onVerify: () => void }) {
  const openings = previous.nonce;
  return (
    <section className="alert success stack fairness-revealed" aria-labelledby="fairness-revealed-title" role="status">
      <h3 id="fairness-revealed-title">Previous seed pair revealed</h3>
      <dl className="fairness-dl">
        <dt>Server seed</dt>
        <dd className="mono break" data-testid="revealed-server-seed">
          {previous.serverSeed}
        </dd>
        <dt>Its hash (shown before your openings)</dt>
        <dd className="mono break" data-testid="revealed-server-seed-hash">
          {previous.serverSeedHash}
        </dd>
        <dt>Client seed</dt>
        <dd className="mono break" data-testid="revealed-client-seed">
          {previous.clientSeed}
        </dd>
        <dt>Openings made with it</dt>
        <dd className="num" data-testid="revealed-openings">
          {openings}
        </dd>
      </dl>
      <p className="small-text">
        {openings === 0
          ? "No openings used this pair."
          : openings === 1
            ? "Its one opening used nonce 0."
            : `Its openings used nonces 0 to ${openings - 1}; change the nonce in the verifier to check each one.`}
      </p>
      <div>
        <button type="button" className="button small" onClick={onVerify}>
          Verify these draws
        </button>
      </div>
    </section>
  );
}
