import type { SqlQuery, SqlRunner } from "@prizepacks/db";
import { AppError } from "./errors.ts";

export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** 1 to 255 printable ASCII characters, no spaces (0x21-0x7E). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * A request an account sent with an Idempotency-Key (an opening, a battle's creation or join),
 * kept in idempotency_record for IDEMPOTENCY_WINDOW_HOURS. `target` says what the key was used
 * for (a pack id, "battle:create", "battle:<id>:join"): the same key for another target is a 409.
 */
export interface KeyedRequest {
  userId: string;
  key: string;
  target: string;
  /** The 409's message when the key was already used for another target. */
  reused?: string;
}

export function assertIdempotencyKey(idempotencyKey: string | undefined): void {
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 printable ASCII characters.");
  }
}

/** The answer the key's first request gave, if it has finished within the window. */
export async function findReplay<Answer>(q: SqlQuery, request: KeyedRequest): Promise<Answer | null> {
  const [record] = await q.query<{ packId: string; response: Answer | null }>(
    `SELECT "packId", response FROM idempotency_record
     WHERE "userId" = $1 AND key = $2 AND "createdAt" > now() - make_interval(hours => $3::int)`,
    [request.userId, request.key, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (!record?.response) return null;
  if (record.packId !== request.target)
    throw new AppError("CONFLICT", request.reused ?? "This Idempotency-Key was already used for another request.");
  return record.response;
}

/**
 * Claims the key in the request's transaction, or returns the earlier answer. A concurrent
 * request with the same key blocks on the unique index until this transaction ends, then
 * replays its answer (or claims the key itself if this one rolled back).
 */
export async function claimKey<Answer>(tx: SqlQuery, request: KeyedRequest): Promise<Answer | null> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_record (id, "userId", key, "packId", "createdAt")
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT ("userId", key) DO UPDATE
       SET "packId" = EXCLUDED."packId", response = NULL, "createdAt" = now()
       WHERE idempotency_record."createdAt" < now() - make_interval(hours => $5::int)
     RETURNING id`,
    [`idem_${crypto.randomUUID()}`, request.userId, request.key, request.target, IDEMPOTENCY_WINDOW_HOURS],
  );
  if (claimed.length > 0) return null;
  const replay = await findReplay<Answer>(tx, request);
  if (replay) return replay;
  throw new AppError("CONFLICT", "A request with this Idempotency-Key is still being processed.");
}

/** Keeps the answer with the claimed key, in the same transaction, for its replays. */
export async function storeAnswer(tx: SqlQuery, request: KeyedRequest, answer: unknown): Promise<void> {
  await tx.query(`UPDATE idempotency_record SET response = $3::jsonb WHERE "userId" = $1 AND key = $2`, [
    request.userId,
    request.key,
    JSON.stringify(answer),
  ]);
}

/**
 * One keyed transaction, the shape every cash claim takes: a finished key's answer is replayed
 * before the transaction; inside it the key is claimed first (a concurrent twin waits on it, then
 * replays), `perform` runs, and its answer is stored with the key, all committing together.
 * Without a key, `perform` runs in a transaction of its own.
 */
export async function runKeyed<Answer>(
  sql: Pick<SqlRunner, "query" | "transaction">,
  request: Omit<KeyedRequest, "key"> & { key: string | undefined },
  perform: (tx: SqlQuery) => Promise<Answer>,
): Promise<Answer> {
  assertIdempotencyKey(request.key);
  const keyed = request.key ? { ...request, key: request.key } : null;
  if (keyed) {
    const replay = await findReplay<Answer>(sql, keyed);
    if (replay) return replay;
  }
  return sql.transaction(async (tx) => {
    if (keyed) {
      const replay = await claimKey<Answer>(tx, keyed);
      if (replay) return replay;
    }
    const answer = await perform(tx);
    if (keyed) await storeAnswer(tx, keyed, answer);
    return answer;
  });
}
