import type { SqlQuery } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS } from "../open/open-pack.ts";
import type { Battle } from "../schemas.ts";

/**
 * Idempotency-Key on battle creation and joins, in the openings' table and window: the key is
 * claimed in the seat's transaction (a concurrent request with the same key waits on the unique
 * index, then replays), the answer stored with it. `target` says what the key was used for
 * ("battle:create", "battle:<id>:join"), so a key reused for something else is a 409.
 */
export function assertIdempotencyKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 printable ASCII characters.");
  }
}

export async function findBattleReplay(q: SqlQuery, userId: string, key: string, target: string): Promise<Battle | null> {
  const [record] = await q.query<{ packId: string; response: Battle | null }>(
    `SELECT "packId", response FROM idempotency_record
     WHERE "userId" = $1 AND key = $2 AND "createdAt" > now() - make_interval(hours => $3::int)`,
    [userId, key, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (!record?.response) return null;
  if (record.packId !== target) throw new AppError("CONFLICT", "This Idempotency-Key was already used for another request.");
  return record.response;
}

/** Claims the key in the caller's transaction; returns the earlier answer when there is one. */
export async function claimBattleKey(tx: SqlQuery, userId: string, key: string, target: string): Promise<Battle | null> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_record (id, "userId", key, "packId", "createdAt")
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT ("userId", key) DO UPDATE
       SET "packId" = EXCLUDED."packId", response = NULL, "createdAt" = now()
       WHERE idempotency_record."createdAt" < now() - make_interval(hours => $5::int)
     RETURNING id`,
    [`idem_${crypto.randomUUID()}`, userId, key, target, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (claimed.length > 0) return null;
  const replay = await findBattleReplay(tx, userId, key, target);
  if (replay) return replay;
  throw new AppError("CONFLICT", "A request with this Idempotency-Key is still being processed.");
}

export async function storeBattleAnswer(tx: SqlQuery, userId: string, key: string, answer: Battle): Promise<void> {
  await tx.query(`UPDATE idempotency_record SET response = $3::jsonb WHERE "userId" = $1 AND key = $2`, [
    userId,
    key,
    JSON.stringify(answer),
  ]);
}
