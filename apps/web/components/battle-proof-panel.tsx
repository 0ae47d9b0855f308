"use client";
import { useState } from "react";
import type { RoundOdds } from "@prizepacks/core";
import { verifyBattle, type BattleProof } from "@prizepacks/fairness";
import { battleChecks, type BattleCheck } from "../lib/battle-verdict";
import type { BattleView } from "../lib/battle-shapes";
import { ErrorAlert } from "./error-alert";

function Value({ label, value, testId }: { label: string; value: string | number | null | undefined; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="mono break" data-testid={testId}>
        {value ?? "—"}
      </dd>
    </>
  );
}

/**
 * What the battle published, and a verifier that recomputes it in this browser with
 * verifyBattle (@prizepacks/fairness): from these values and the public odds versions only.
 */
export function BattleProofPanel({
  battle,
  proof,
  odds,
}: {
  battle: BattleView;
  proof: BattleProof | null;
  odds: Array<RoundOdds | null>;
}) {
  const [checks, setChecks] = useState<BattleCheck[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const verify = async () => {
    if (!proof) return;
    setRunning(true);
    setError(null);
    try {
      const missing = odds.findIndex((round) => round === null);
      if (missing >= 0) throw new Error(`The odds of round ${missing + 1} could not be loaded, so its draws cannot be checked.`);
      const oddsByRound = odds.map((round) =>
        round!.items.map(({ itemId, ticketFrom, ticketTo, value }) => ({ itemId, ticketFrom, ticketTo, value })),
      );
      setChecks(battleChecks(await verifyBattle(proof, oddsByRound), battle.lockKey ?? null));
    } catch (failure) {
      setChecks(null);
      setError(failure instanceof Error ? failure.message : "The verification could not run.");
    } finally {
      setRunning(false);
    }
  };

  const passed = checks?.every((check) => check.passed);
  return (
    <section className="card stack battle-proof" aria-labelledby="battle-proof-title" data-testid="battle-proof">
      <h2 id="battle-proof-title">Proof</h2>
      <p className="small-text muted">
        The server seed was committed before any seat was taken, every client seed was fixed before the beacon round existed, and the draws
        are keyed by the server seed (battle/v1, in the README). Anyone can recompute the battle from these values.
      </p>
      <dl className="fairness-dl battle-proof-values">
        <Value label="Server seed (S)" value={battle.serverSeed ?? "revealed once the battle settles"} testId="proof-server-seed" />
        <Value label="Commitment (C = sha256(S))" value={battle.commitment} />
        <Value label="Spec (canonical JSON)" value={battle.spec} />
        <Value label="Spec hash" value={battle.specHash} />
        <dt>Client seeds</dt>
        <dd>
          <ol className="battle-proof-seeds" start={0}>
            {battle.seats.map((seat) => (
              <li key={seat.seat} className="mono break">
                seat {seat.seat}: {seat.clientSeed}
                {seat.bot ? " (bot)" : ""}
              </li>
            ))}
          </ol>
        </dd>
        <Value label="Lock key (K)" value={battle.lockKey} />
        <Value label="Beacon round (R)" value={battle.beacon?.round ?? battle.beaconRound} />
        <Value label="Beacon randomness (B)" value={battle.beacon?.randomness} />
        <Value label="Beacon signature" value={battle.beacon?.signature} />
      </dl>
      {battle.beaconKind === "local" && (
        <p className="alert info small-text">
          This battle was settled by the local beacon (demo mode), not by drand&apos;s public quicknet chain.
        </p>
      )}
      <div className="row">
        <button type="button" className="button" onClick={() => void verify()} disabled={!proof || running} data-testid="battle-verify">
          {running ? "Verifying…" : "Verify in your browser"}
        </button>
        {!proof && <span className="small-text muted">The full proof is published when the battle settles.</span>}
      </div>
      <ErrorAlert error={error} />
      {checks && (
        <div className="stack" data-testid="battle-verification">
          <p className={`alert ${passed ? "success" : "error"}`} role="status" data-testid="battle-verify-verdict">
            {passed ? "✓ Every check passes: this battle is exactly what its published values give." : "✗ Some checks fail: see below."}
          </p>
          <ul className="battle-checks">
            {checks.map((check) => (
              <li key={check.key} data-testid="battle-check" data-passed={check.passed ? "true" : "false"}>
                <span className={check.passed ? "fairness-badge positive" : "fairness-badge negative"}>
                  {check.passed ? "✓ Pass" : "✗ Fail"}
                </span>{" "}
                {check.label}
                {check.problems.length > 0 && (
                  <ul className="small-text">
                    {check.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
            <li data-testid="battle-check-bls" className="muted">
              <span className="fairness-badge">Not checked here</span> The beacon&apos;s BLS signature against the chain&apos;s public key
              (the server verifies it before settling).
            </li>
          </ul>
        </div>
      )}
    </section>
  );
}
