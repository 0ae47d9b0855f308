"use server";
import { listRoundOdds, type RoundOdds } from "@prizepacks/core";
import { services } from "./database";

const MAX_ROUNDS = 25;
const ODDS_HASH = /^[0-9a-f]{64}$/;

/**
 * The public odds versions a battle's spec names (pack id and odds hash of each round), with
 * item values: what the battle page's reels show and its verifier re-derives the draws from,
 * the same public data the /fairness verifier is given. Anything malformed is simply not found.
 */
export async function loadRoundOdds(rounds: Array<{ packId: string; oddsHash: string }>): Promise<Array<RoundOdds | null>> {
  const asked = Array.isArray(rounds) ? rounds.slice(0, MAX_ROUNDS) : [];
  const wellFormed = asked.map((round) =>
    typeof round?.packId === "string" && round.packId.length <= 200 && typeof round.oddsHash === "string" && ODDS_HASH.test(round.oddsHash)
      ? { packId: round.packId, oddsHash: round.oddsHash }
      : null,
  );
  const found = await listRoundOdds(
    await services(),
    wellFormed.flatMap((round) => (round ? [round] : [])),
  );
  let next = 0;
  return wellFormed.map((round) => (round ? (found[next++] ?? null) : null));
}
