import { drawTicket, findRangeForTicket, generateServerSeed } from "@prizepacks/fairness";
import type { Db, DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db";
import { findPackByIdOrSlug } from "../catalog/get-pack.ts";
import { AppError } from "../errors.ts";
import { newSeedPairData } from "../fairness/seed-pairs.ts";
import { formatMoney, moneyToNumber } from "../money.ts";
import type { OpenResult } from "../schemas.ts";

export const IDEMPOTENCY_WINDOW_HOURS = 24;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface OpenPackInput {
  userId: string;
  idOrSlug: string;
  /** Same key, same account, within 24 hours: the first response is returned and nothing opens. */
  idempotencyKey?: string;
}

interface ActiveSeedPairRow {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Opens a pack: debit, nonce, spin, inventory item and ledger entry in one transaction,
 * or nothing at all.
 *
 * Concurrency: the conditional debit locks the account's wallet row, so opens by one account
 * run one after another and can never overdraw; opens by different accounts share no row
 * (the pack is only read, spinCount is derived from spins).
 */
export async function openPack(db: Db, input: OpenPackInput): Promise<OpenResult> {
  const pack = await findPackByIdOrSlug(db, input.idOrSlug);
  if (!pack) throw new AppError("NOT_FOUND", `Pack "${input.idOrSlug}" was not found.`);
  if (input.idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(input.idempotencyKey)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 printable ASCII characters.");
  }

  if (input.idempotencyKey) {
    const replay = await findIdempotentReplay(db, input.userId, input.idempotencyKey, pack.id);
    if (replay) return replay;
  }

  const odds = pack.currentOddsVersion;
  if (!pack.active || !odds) throw new AppError("NOT_FOUND", `Pack "${input.idOrSlug}" was not found.`);
  const price = pack.price;

  return db.$transaction(
    async (tx) => {
      if (input.idempotencyKey) {
        const replay = await claimIdempotencyKey(tx, input.userId, input.idempotencyKey, pack.id);
        if (replay) return replay;
      }

      const debited = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
        UPDATE wallet SET balance = balance - ${price.toFixed(2)}::numeric, "updatedAt" = now()
        WHERE "userId" = ${input.userId} AND balance >= ${price.toFixed(2)}::numeric
        RETURNING balance`;
      const balanceAfter = debited[0]?.balance;
      if (balanceAfter === undefined) {
        const wallet = await tx.wallet.findUnique({ where: { userId: input.userId } });
        throw new AppError(
          "INSUFFICIENT_BALANCE",
          `Insufficient balance: the pack costs ${formatMoney(price)}, the wallet holds ${formatMoney(wallet?.balance ?? 0)}.`,
        );
      }

      const pair = await takeNonce(tx, input.userId);
      const draw = await drawTicket({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
      const { item } = findRangeForTicket(odds.ranges, draw.result);

      const spin = await tx.spin.create({
        data: {
          userId: input.userId,
          packId: pack.id,
          itemId: item.id,
          seedPairId: pair.id,
          oddsVersionId: odds.id,
          nonce: pair.nonce,
          result: draw.result,
          hash: draw.hash,
          price,
        },
      });
      const inventoryItem = await tx.inventoryItem.create({
        data: { userId: input.userId, itemId: item.id, spinId: spin.id, value: item.value },
      });
      await tx.ledgerEntry.create({
        data: { userId: input.userId, kind: "PACK_OPEN", amount: price.negated(), balanceAfter, spinId: spin.id },
      });

      const result: OpenResult = {
        spin: { id: spin.id, packId: pack.id, itemId: item.id, nonce: spin.nonce, result: spin.result },
        item: { id: item.id, name: item.name, rarity: item.rarity, value: formatMoney(item.value), image: item.image },
        inventoryItem: { id: inventoryItem.id, itemId: item.id, value: formatMoney(inventoryItem.value) },
        balanceAfter: moneyToNumber(balanceAfter),
        fairness: {
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          nonce: spin.nonce,
          hash: draw.hash,
          oddsHash: odds.oddsHash,
          oddsVersion: odds.version,
        },
      };
      if (input.idempotencyKey) {
        await tx.idempotencyRecord.update({
          where: { userId_key: { userId: input.userId, key: input.idempotencyKey } },
          data: { response: result },
        });
      }
      return result;
    },
  );
}

/** Takes the active pair's nonce and increments it, under the pair's row lock. */
async function takeNonce(tx: DbTx, userId: string): Promise<ActiveSeedPairRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [pair] = await tx.$queryRaw<ActiveSeedPairRow[]>`
      UPDATE seed_pair SET nonce = nonce + 1
      WHERE "userId" = ${userId} AND "retiredAt" IS NULL
      RETURNING id, "serverSeed", "serverSeedHash", "clientSeed", nonce - 1 AS nonce`;
    if (pair) return pair;
    // No active pair: a first opening, or a rotation committed while we waited for the lock
    // (the row we waited on is retired now; a fresh statement sees its successor).
    await tx.seedPair.createMany({ data: [await newSeedPairData(userId, generateServerSeed())], skipDuplicates: true });
  }
  throw new AppError("CONFLICT", "The seed pair changed during the opening; try again.");
}

function isFresh(createdAt: Date): boolean {
  return Date.now() - createdAt.getTime() < IDEMPOTENCY_WINDOW_HOURS * 3600_000;
}

async function findIdempotentReplay(db: DbTx, userId: string, key: string, packId: string): Promise<OpenResult | null> {
  const record = await db.idempotencyRecord.findUnique({ where: { userId_key: { userId, key } } });
  if (!record || !record.response || !isFresh(record.createdAt)) return null;
  if (record.packId !== packId) {
    throw new AppError("CONFLICT", "This Idempotency-Key was already used to open a different pack.");
  }
  return record.response as OpenResult;
}

/**
 * Claims the key inside the opening's transaction. A concurrent request with the same key
 * blocks on the unique index until this transaction ends, then replays its response
 * (or claims the key itself if this one rolled back).
 */
async function claimIdempotencyKey(tx: DbTx, userId: string, key: string, packId: string): Promise<OpenResult | null> {
  const claimed = await tx.$queryRaw<Array<{ id: string }>>`
    INSERT INTO idempotency_record (id, "userId", key, "packId", "createdAt")
    VALUES (${`idem_${crypto.randomUUID()}`}, ${userId}, ${key}, ${packId}, now())
    ON CONFLICT ("userId", key) DO UPDATE
      SET "packId" = EXCLUDED."packId", response = NULL, "createdAt" = now()
      WHERE idempotency_record."createdAt" < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS}::int)
    RETURNING id`;
  if (claimed.length > 0) return null;
  const replay = await findIdempotentReplay(tx, userId, key, packId);
  if (replay) return replay;
  throw new AppError("CONFLICT", "A request with this Idempotency-Key is still being processed.");
}
