"use client";
import { useState } from "react";
import type { RoundOdds } from "@prizepacks/core";
import {
  localBeaconChainHash,
  verifyBattle,
  verifyBeaconRound,
  type BattleProof,
  type BattleSpec,
  type ValuedTicketRange,
} from "@prizepacks/fairness";
import { battleChecks, type BattleCheck } from "../../lib/battle-verdict";
import type { BattleView, PublicBeaconChain } from "../../lib/battle-shapes";
import { ErrorAlert } from "../ui/error-alert";

/**
 * Each round's ranges from the public odds version the spec names (looked up apart, like the
 * /fairness verifier's), with the item values the battle published as fixed at its creation
 * (an odds hash covers the ranges, not the values). A round whose public version is missing,
 * or whose published ranges differ from it, is a problem of the odds check.
 */
function roundOddsForVerifier(
  battle: BattleView,
  odds: Array<RoundOdds | null>,
): { oddsByRound: ValuedTicketRange[][]; problems: string[] } {
  const problems: string[] = [];
  const oddsByRound = battle.rounds.map((round, index) => {
    const published = round.odds;
    const version = odds[index];
    if (!version) {
      problems.push(`round ${round.round}: no public odds version has the spec's oddsHash`);
      return published;
    }
    const sameRanges =
      version.items.length === published.length &&
      version.items.every(
        (item, at) =>
          item.itemId === published[at]?.itemId &&
          item.ticketFrom === published[at]?.ticketFrom &&
          item.ticketTo === published[at]?.ticketTo,
      );
    if (!sameRanges) problems.push(`round ${round.round}: the published odds are not the public odds version's ranges`);
    const valueOf = new Map(published.map((range) => [range.itemId, range.value]));
    return version.items.map(({ itemId, ticketFrom, ticketTo }) => ({
      itemId,
      ticketFrom,
      ticketTo,
      value: valueOf.get(itemId) ?? "0.00",
    }));
  });
  return { oddsByRound, problems };
}

/**
 * The beacon round's BLS signature against the chain's public key (verifyBeaconRound), and that
 * key being the spec's chain: a local beacon's chain hash is recomputed from its key and clock;
 * drand's is compared with the chain whose public key the service publishes.
 */
async function beaconProblems(proof: BattleProof, beacon: PublicBeaconChain): Promise<string[]> {
  const problems: string[] = [];
  let named: BattleSpec["beacon"];
  try {
    named = (JSON.parse(proof.spec) as BattleSpec).beacon;
  } catch {
    return ["the BLS check needs the spec's beacon chain"];
  }
  const chainHash = beacon.kind === "local" ? await localBeaconChainHash(beacon) : beacon.chainHash;
  if (named.chainHash !== chainHash || named.period !== beacon.period || named.genesisTime !== beacon.genesisTime) {
    problems.push("the spec's beacon chain is not the chain whose public key is published here (BLS)");
  }
  if (!(await verifyBeaconRound(beacon, proof.beacon)))
    problems.push("the beacon round's BLS signature does not verify against the chain's public key");
  return problems;
}

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
  beacon,
}: {
  battle: BattleView;
  proof: BattleProof | null;
  odds: Array<RoundOdds | null>;
  beacon: PublicBeaconChain;
}) {
  const [checks, setChecks] = useState<BattleCheck[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const verify = async () => {
    if (!proof) return;
    setRunning(true);
    setError(null);
    try {
      const { oddsByRound, problems } = roundOddsForVerifier(battle, odds);
      problems.push(...(await beaconProblems(proof, beacon)));
      setChecks(battleChecks(await verifyBattle(proof, oddsByRound), battle.lockKey, problems));
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
        <Value label="Beacon round (R)" value={battle.beacon.round} />
        <Value label="Beacon randomness (B)" value={battle.beacon.randomness} />
        <Value label="Beacon signature" value={battle.beacon.signature} />
        <Value label="Beacon public key" value={beacon.publicKey} />
      </dl>
      {battle.beacon.kind === "local" && (
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
          </ul>
        </div>
      )}
    </section>
  );
}
