import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BEACON_SCHEME_ID, beaconPublicKey, generateBeaconSecretKey, localBeaconChainHash, signBeaconRound } from "@prizepacks/fairness";
import { dataFolder, dbEnv } from "@prizepacks/db/env";
import { z } from "zod";
import type { Beacon, BeaconChain, BeaconRound } from "./beacon.ts";
import { assertRoundNumber, roundAt } from "./beacon-clock.ts";

/** drand quicknet's period, so a local battle locks and settles at the pace a real one does. */
export const LOCAL_BEACON_PERIOD_SECONDS = 3;

/** What the data folder keeps for the local beacon. */
export interface LocalBeaconKey {
  /** The BLS secret key (32 bytes). */
  secretKey: Uint8Array;
  /** Unix seconds of round 1: when the key was made. */
  genesisTime: number;
}

const keyFileSchema = z.object({
  secretKey: z.string().regex(/^[0-9a-f]{64}$/),
  genesisTime: z.number().int().positive(),
});

/**
 * The local beacon's key from the data folder, made on first use (mode 0600, like the other
 * secrets there, and carried by `backup`). A key that exists is never replaced: battles locked
 * to its rounds need it to settle, so a damaged file stops the service rather than starting
 * a new chain.
 */
export function readOrCreateLocalBeaconKey(dataDir: string, nowMs = Date.now()): LocalBeaconKey {
  const file = path.join(dataDir, dataFolder.localBeaconKey);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const secretKey = generateBeaconSecretKey();
  const genesisTime = Math.floor(nowMs / 1000);
  writeFileSync(aside, `${JSON.stringify({ secretKey: Buffer.from(secretKey).toString("hex"), genesisTime })}\n`, { mode: 0o600 });
  try {
    // A link fails when the name exists: of two processes making the key at once, one wins
    // and the other reads its (complete) file, so there is only ever one chain.
    linkSync(aside, file);
    return { secretKey, genesisTime };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readKeyFile(file)!;
  } finally {
    unlinkSync(aside);
  }
}

function readKeyFile(file: string): LocalBeaconKey | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let parsed: z.infer<typeof keyFileSchema>;
  try {
    parsed = keyFileSchema.parse(JSON.parse(text));
  } catch {
    throw new Error(`${file} is damaged: the local beacon's key cannot be read (restore it from a backup).`);
  }
  return { secretKey: Buffer.from(parsed.secretKey, "hex"), genesisTime: parsed.genesisTime };
}

/**
 * A beacon this service runs itself (BATTLE_BEACON=local, the default in demo mode): drand
 * quicknet's scheme with a key of its own, so `verifyBeaconRound` checks its rounds exactly as
 * it checks drand's. Unlike drand, the operator holds the key and could compute any round in
 * advance, which is why every battle it settles says "local".
 */
export class LocalBeacon implements Beacon {
  readonly kind = "local";

  private constructor(
    readonly chain: BeaconChain,
    private readonly secretKey: Uint8Array,
    private readonly now: () => number,
  ) {}

  /** The beacon of the data folder's key (made on first use). */
  static async open({ dataDir = dbEnv().dataDir, now = Date.now }: { dataDir?: string; now?: () => number } = {}): Promise<LocalBeacon> {
    return LocalBeacon.fromKey(readOrCreateLocalBeaconKey(dataDir, now()), now);
  }

  static async fromKey({ secretKey, genesisTime }: LocalBeaconKey, now: () => number = Date.now): Promise<LocalBeacon> {
    const description = {
      publicKey: beaconPublicKey(secretKey),
      period: LOCAL_BEACON_PERIOD_SECONDS,
      genesisTime,
      schemeID: BEACON_SCHEME_ID,
    } as const;
    return new LocalBeacon({ ...description, chainHash: await localBeaconChainHash(description) }, secretKey, now);
  }

  roundAt(timeMs: number): number {
    return roundAt(this.chain, timeMs);
  }

  async fetchRound(round: number): Promise<BeaconRound | null> {
    assertRoundNumber(round);
    if (round > this.roundAt(this.now())) return null;
    return signBeaconRound(this.secretKey, round);
  }
}
