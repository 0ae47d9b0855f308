import type { RouterOutputs } from "@prizepacks/api";
import { ValueList } from "../ui/value-list";

export type RotateResult = RouterOutputs["fairness"]["rotate"];

/** The seed pair just retired, with its server seed now public. */
export function RevealedSeedPair({ previous, onVerify }: { previous: RotateResult["previous"]; onVerify: () => void }) {
  const openings = previous.nonce;
  return (
    <section className="alert success stack fairness-revealed" aria-labelledby="fairness-revealed-title" role="status">
      <h3 id="fairness-revealed-title">Previous seed pair revealed</h3>
      <ValueList
        className="fairness-dl"
        values={[
          { term: "Server seed", value: previous.serverSeed, testId: "revealed-server-seed" },
          { term: "Its hash (shown before your openings)", value: previous.serverSeedHash, testId: "revealed-server-seed-hash" },
          { term: "Client seed", value: previous.clientSeed, testId: "revealed-client-seed" },
          { term: "Openings made with it", value: openings, testId: "revealed-openings", className: "num" },
        ]}
      />
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
