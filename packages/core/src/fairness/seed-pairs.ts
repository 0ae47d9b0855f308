import { generateClientSeed, generateServerSeed, sha256Hex } from "@prizepacks/fairness";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import type { FairnessState, RotateResult } from "../contract/fairness.ts";
import type { Deps } from "../runtime/deps.ts";

export async function newSeedPairData(userId: string, serverSeed: string, clientSeed?: string) {
  const nextServerSeed = generateServerSeed();
  return {
    userId,
    serverSeed,
    serverSeedHash: await sha256Hex(serverSeed),
    clientSeed: clientSeed ?? generateClientSeed(),
    nonce: 0,
    nextServerSeed,
    nextServerSeedHash: await sha256Hex(nextServerSeed),
  };
}

/**
 * Creates the user's first seed pair unless one is active. Safe under races: the partial
 * unique index (one active pair per user) turns a concurrent twin into a no-op.
 */
export async function ensureActiveSeedPair(services: Deps, userId: string): Promise<void> {
  const db = services.database.prisma;
  await db.seedPair.createMany({ data: [await newSeedPairData(userId, generateServerSeed())], skipDuplicates: true });
}

export async function getFairnessState(services: Deps, userId: string): Promise<FairnessState> {
  const db = services.database.prisma;
  let pair = await db.seedPair.findFirst({ where: { userId, retiredAt: null } });
  if (!pair) {
    await ensureActiveSeedPair(services, userId);
    pair = await db.seedPair.findFirstOrThrow({ where: { userId, retiredAt: null } });
  }
  return {
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    nextServerSeedHash: pair.nextServerSeedHash,
  };
}

/**
 * Retires the active pair and reveals its server seed; the pre-committed next seed becomes
 * active with nonce 0 and the given (or a fresh random) client seed.
 */
export async function rotateSeedPair(
  services: Deps,
  { userId, clientSeed }: { userId: string; clientSeed?: string },
): Promise<RotateResult> {
  const db = services.database.prisma;
  await ensureActiveSeedPair(services, userId);
  return db.$transaction(async (tx) => {
    // Lock the active pair: an opening in flight finishes with it first (it holds this lock).
    const [locked] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM seed_pair WHERE "userId" = ${userId} AND "retiredAt" IS NULL FOR UPDATE`;
    if (!locked) throw new AppError("CONFLICT", "The seed pair was rotated concurrently; try again.");
    const previous = await tx.seedPair.update({ where: { id: locked.id }, data: { retiredAt: new Date() } });
    const current = await tx.seedPair.create({ data: await newSeedPairData(userId, previous.nextServerSeed, clientSeed) });
    const rotated: RotateResult = {
      previous: {
        serverSeed: previous.serverSeed,
        serverSeedHash: previous.serverSeedHash,
        clientSeed: previous.clientSeed,
        nonce: previous.nonce,
      },
      current: { serverSeedHash: current.serverSeedHash, clientSeed: current.clientSeed, nonce: 0 as const },
      nextServerSeedHash: current.nextServerSeedHash,
    };
    await recordAccountEvent(tx, userId, "seed.rotated", rotated);
    return rotated;
  });
}
