// History: a million spins, written with SQL as a busy site would have them, books balanced.
import { randomUUID } from "node:crypto";
import { createUser } from "@prizepacks/core";
import type { Database } from "@prizepacks/db";
import { log } from "./log.ts";

export async function addHistory(database: Database, spins: number): Promise<void> {
  const started = Date.now();
  const email = `history-${randomUUID().slice(0, 8)}@bench.prizepacks.local`;
  const { userId } = await createUser(database.prisma, { email });
  const packs = await database.sql.query<{ id: string; price: string; oddsVersionId: string }>(
    `SELECT id, price::text AS price, "currentOddsVersionId" AS "oddsVersionId" FROM pack WHERE active AND "currentOddsVersionId" IS NOT NULL ORDER BY slug`,
  );
  const [pair] = await database.sql.query<{ id: string }>(`SELECT id FROM seed_pair WHERE "userId" = $1 AND "retiredAt" IS NULL`, [userId]);
  const perPack = Math.ceil(spins / packs.length);
  let nonce = 0;
  let total = 0;
  for (const pack of packs) {
    const count = Math.min(perPack, spins - nonce);
    if (count <= 0) break;
    const cost = (Number(pack.price) * count).toFixed(2);
    await database.sql.transaction(async (tx) => {
      // A deposit that pays for this pack's openings, then the openings themselves.
      await tx.query(`UPDATE wallet SET balance = balance + $2::numeric WHERE "userId" = $1`, [userId, cost]);
      await tx.query(
        `INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", note) SELECT $1, $2, 'DEPOSIT', $3::numeric, balance, 'bench history' FROM wallet WHERE "userId" = $2`,
        [`bh-${pack.id}`, userId, cost],
      );
      const rows = `SELECT g AS n, ((g::bigint * 7919) % 100000)::int + 1 AS ticket FROM generate_series($1::int, $2::int) g`;
      await tx.query(
        `INSERT INTO spin (id, "userId", "packId", "itemId", "seedPairId", "oddsVersionId", nonce, result, hash, price, "createdAt")
         SELECT 'bs' || t.n, $3, $4, r."itemId", $5, $6, t.n, t.ticket, md5(t.n::text), $7::numeric, now() - make_interval(secs => $2::int - t.n)
         FROM (${rows}) t JOIN odds_range r ON r."oddsVersionId" = $6 AND t.ticket BETWEEN r."ticketFrom" AND r."ticketTo"`,
        [nonce, nonce + count - 1, userId, pack.id, pair!.id, pack.oddsVersionId, pack.price],
      );
      await tx.query(
        `INSERT INTO inventory_item (id, "userId", "itemId", "spinId", value, "createdAt")
         SELECT 'bi' || substr(s.id, 3), s."userId", s."itemId", s.id, i.value, s."createdAt"
         FROM spin s JOIN pack_item i ON i.id = s."itemId" WHERE s."seedPairId" = $1 AND s.nonce BETWEEN $2 AND $3`,
        [pair!.id, nonce, nonce + count - 1],
      );
      await tx.query(
        `INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId", "createdAt")
         SELECT 'bl' || substr(s.id, 3), s."userId", 'PACK_OPEN', -s.price, 0, s.id, s."createdAt"
         FROM spin s WHERE s."seedPairId" = $1 AND s.nonce BETWEEN $2 AND $3`,
        [pair!.id, nonce, nonce + count - 1],
      );
      await tx.query(`UPDATE wallet SET balance = balance - $2::numeric WHERE "userId" = $1`, [userId, cost]);
      await tx.query(`UPDATE seed_pair SET nonce = $2 WHERE id = $1`, [pair!.id, nonce + count]);
      // Counted as the rollup would have counted them.
      await tx.query(
        `INSERT INTO pack_stats ("packId", "spinCount") VALUES ($1, $2)
         ON CONFLICT ("packId") DO UPDATE SET "spinCount" = pack_stats."spinCount" + EXCLUDED."spinCount"`,
        [pack.id, count],
      );
    });
    nonce += count;
    total += count;
  }
  // Measure the steady state of a big history, not the aftermath of loading it: vacuum now
  // rather than let autovacuum start mid-measurement, and flush the load's WAL.
  await database.sql.exec("VACUUM ANALYZE spin, inventory_item, ledger_entry, seed_pair, wallet, pack_stats");
  await database.sql.exec("CHECKPOINT").catch(() => log("CHECKPOINT needs a superuser; skipped"));
  log(`history: ${total} spins added in ${Math.round((Date.now() - started) / 1000)} s`);
}
