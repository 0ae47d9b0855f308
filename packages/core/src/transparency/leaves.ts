import type { SqlQuery } from "@prizepacks/db";
import type { BattleLeaf, OpeningLeaf, TransparencyLeaf, TransparencyLeafKind, UpgradeLeaf } from "@prizepacks/fairness";

/** An outcome as the log names it. */
export interface OutcomeRef {
  kind: TransparencyLeafKind;
  id: string;
}

export const outcomeKey = ({ kind, id }: OutcomeRef): string => `${kind}:${id}`;

// Timestamps are stored UTC without a zone; written out here by PostgreSQL itself, so the text
// never depends on the reading process's time zone.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The leaves of these outcomes as their rows say now (a missing row has none): the appender's
 * source, and audit's, which compares them with what was logged. Three statements at most, one
 * per kind, each by primary key.
 */
export async function readLeaves(sql: SqlQuery, outcomes: OutcomeRef[]): Promise<Map<string, TransparencyLeaf>> {
  const ids = (kind: TransparencyLeafKind) => outcomes.filter((o) => o.kind === kind).map((o) => o.id);
  const leaves = new Map<string, TransparencyLeaf>();
  const [openIds, upgradeIds, battleIds] = [ids("open"), ids("upgrade"), ids("battle")];
  if (openIds.length > 0) {
    const rows = await sql.query<Omit<OpeningLeaf, "kind">>(
      `SELECT s.id, to_char(s."createdAt", ${ISO}) AS "createdAt", p."serverSeedHash", p."clientSeed", s.nonce, o."oddsHash",
              s.hash, s.result AS ticket, s."itemId", s.value::text AS value
       FROM spin s JOIN seed_pair p ON p.id = s."seedPairId" JOIN odds_version o ON o.id = s."oddsVersionId"
       WHERE s.id = ANY($1::text[])`,
      [openIds],
    );
    for (const row of rows)
      leaves.set(outcomeKey({ kind: "open", id: row.id }), { kind: "open", ...row, nonce: Number(row.nonce), ticket: Number(row.ticket) });
  }
  if (upgradeIds.length > 0) {
    const rows = await sql.query<Omit<UpgradeLeaf, "kind">>(
      `SELECT u.id, to_char(u."createdAt", ${ISO}) AS "createdAt", p."serverSeedHash", p."clientSeed", u.nonce, u."chanceTickets",
              u.hash, u.ticket, u."targetItemId" AS "itemId", u.won, CASE WHEN u.won THEN u."targetValue"::text ELSE '0.00' END AS value
       FROM upgrade u JOIN seed_pair p ON p.id = u."seedPairId"
       WHERE u.id = ANY($1::text[])`,
      [upgradeIds],
    );
    for (const row of rows) {
      leaves.set(outcomeKey({ kind: "upgrade", id: row.id }), {
        kind: "upgrade",
        ...row,
        nonce: Number(row.nonce),
        chanceTickets: Number(row.chanceTickets),
        ticket: Number(row.ticket),
      });
    }
  }
  if (battleIds.length > 0) {
    const rows = await sql.query<{
      id: string;
      specHash: string;
      commitment: string;
      clientSeeds: string[];
      beaconRound: number | null;
      beaconRandomness: string | null;
      outcome: { rounds?: Array<{ draws: Array<{ hash: string }> }> } | string | null;
      winnerTeam: number | null;
    }>(
      `SELECT b.id, b."specHash", b.commitment,
              ARRAY(SELECT s."clientSeed" FROM battle_seat s WHERE s."battleId" = b.id ORDER BY s.seat) AS "clientSeeds",
              b."beaconRound", b."beaconRandomness", b.outcome, b."winnerTeam"
       FROM battle b WHERE b.id = ANY($1::text[]) AND b.status = 'settled'`,
      [battleIds],
    );
    for (const row of rows) {
      const outcome = typeof row.outcome === "string" ? (JSON.parse(row.outcome) as Exclude<typeof row.outcome, string>) : row.outcome;
      const leaf: BattleLeaf = {
        kind: "battle",
        id: row.id,
        specHash: row.specHash,
        commitment: row.commitment,
        clientSeeds: row.clientSeeds,
        beaconRound: Number(row.beaconRound),
        beaconRandomness: row.beaconRandomness ?? "",
        drawHashes: (outcome?.rounds ?? []).flatMap((round) => round.draws.map((draw) => draw.hash)),
        winnerTeam: Number(row.winnerTeam),
      };
      leaves.set(outcomeKey(leaf), leaf);
    }
  }
  return leaves;
}
