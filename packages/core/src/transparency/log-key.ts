import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateLogSecretKey, logPublicKey } from "@prizepacks/fairness";
import { dataFolder, dbEnv } from "@prizepacks/db/env";
import { z } from "zod";

export interface LogKey {
  /** Ed25519 secret key, 32 bytes as lower-case hex. */
  secretKey: string;
  publicKey: string;
}

const envSchema = z.object({
  /**
   * The log's Ed25519 secret key (64 lower-case hex characters). Set it, like BETTER_AUTH_SECRET,
   * when instances do not share a data folder: every instance must sign with the one key.
   */
  TRANSPARENCY_LOG_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "TRANSPARENCY_LOG_KEY must be 64 lower-case hex characters (an Ed25519 secret key)")
    .optional(),
  /**
   * The next key during a rotation (docs/transparency.md): give it to every instance, then run
   * `rotate-log-key`; once a head has announced it, it may become TRANSPARENCY_LOG_KEY.
   */
  TRANSPARENCY_LOG_NEXT_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "TRANSPARENCY_LOG_NEXT_KEY must be 64 lower-case hex characters (an Ed25519 secret key)")
    .optional(),
});

/** Checked at start-up by scripts/prepare.ts's env checks through transparencyEnv(). */
export function transparencyEnv(): { logKey: string | undefined; nextLogKey: string | undefined } {
  const parsed = envSchema.safeParse({
    TRANSPARENCY_LOG_KEY: process.env.TRANSPARENCY_LOG_KEY || undefined,
    TRANSPARENCY_LOG_NEXT_KEY: process.env.TRANSPARENCY_LOG_NEXT_KEY || undefined,
  });
  if (!parsed.success) throw new Error(`Invalid transparency log environment: ${z.prettifyError(parsed.error)}`);
  return { logKey: parsed.data.TRANSPARENCY_LOG_KEY, nextLogKey: parsed.data.TRANSPARENCY_LOG_NEXT_KEY };
}

let cached: LogKey | undefined;

/**
 * The operator's log key: TRANSPARENCY_LOG_KEY, else the data folder's file, made at first start
 * (mode 0600, carried by `backup`, as the auth secret and the local beacon's key). A key that
 * exists is never replaced: a monitor refuses heads signed by another key, so a damaged file
 * stops the log rather than starting a second one. Rotation: see docs/transparency.md.
 */
export function transparencyLogKey(dataDir = dbEnv().dataDir): LogKey {
  if (cached) return cached;
  const fromEnv = transparencyEnv().logKey;
  const secretKey = fromEnv ?? readOrCreateKeyFile(path.join(dataDir, dataFolder.transparencyLogKey), dataDir);
  cached = { secretKey, publicKey: logPublicKey(secretKey) };
  return cached;
}

const asKey = (secretKey: string): LogKey => ({ secretKey, publicKey: logPublicKey(secretKey) });

/**
 * Every key this instance holds: the log key, and the next one during a rotation
 * (TRANSPARENCY_LOG_NEXT_KEY or the data folder's transparency-log-key.next). The appender signs
 * with whichever the log's last head names as the signer of the next (transparency/rotate-log-key.ts).
 * The files are read again on each call (a rotation run by the CLI writes them; they are small).
 */
export function transparencyKeyring(dataDir = dbEnv().dataDir): LogKey[] {
  const { logKey, nextLogKey } = transparencyEnv();
  const keys = [transparencyLogKey(dataDir)];
  const next = nextLogKey ?? (logKey ? null : readKeyFile(path.join(dataDir, dataFolder.transparencyLogNextKey)));
  if (logKey === undefined) {
    // The data folder's key may have been replaced by a rotation's promotion since it was cached.
    const current = readKeyFile(path.join(dataDir, dataFolder.transparencyLogKey));
    if (current && current !== keys[0]!.secretKey) keys.push(asKey(current));
  }
  if (next) keys.push(asKey(next));
  return keys;
}

/**
 * The next key for a rotation: TRANSPARENCY_LOG_NEXT_KEY, or (data-folder keys only) the folder's
 * next-key file, made now if missing. With TRANSPARENCY_LOG_KEY set and no next key the operator
 * must provision one first, on every instance: an instance without it could not sign afterwards.
 */
export function prepareNextLogKey(dataDir = dbEnv().dataDir): LogKey {
  const { logKey, nextLogKey } = transparencyEnv();
  if (nextLogKey) return asKey(nextLogKey);
  if (logKey)
    throw new Error(
      "TRANSPARENCY_LOG_KEY is set: give every instance TRANSPARENCY_LOG_NEXT_KEY (a new 64-hex Ed25519 secret key) first, then rotate.",
    );
  return asKey(readOrCreateKeyFile(path.join(dataDir, dataFolder.transparencyLogNextKey), dataDir));
}

/**
 * Data-folder keys only: once the next key signs the log, it becomes the log key (the old one is
 * removed: the log never needs it again, its heads verify with its public half), so that a later
 * rotation has a free next slot.
 */
export function promoteNextLogKey(dataDir = dbEnv().dataDir): void {
  if (transparencyEnv().logKey) return;
  const next = path.join(dataDir, dataFolder.transparencyLogNextKey);
  if (!readKeyFile(next)) return;
  renameSync(next, path.join(dataDir, dataFolder.transparencyLogKey));
}

function readOrCreateKeyFile(file: string, dataDir: string): string {
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const secretKey = generateLogSecretKey();
  writeFileSync(aside, `${secretKey}\n`, { mode: 0o600 });
  try {
    // A link fails when the name exists: of two processes making the key at once, one wins and
    // the other reads its (complete) file, so there is only ever one key.
    linkSync(aside, file);
    return secretKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readKeyFile(file)!;
  } finally {
    unlinkSync(aside);
  }
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (!/^[0-9a-f]{64}$/.test(text))
    throw new Error(`${file} is damaged: the transparency log's key cannot be read (restore it from a backup).`);
  return text;
}
