import type { Deps } from "../runtime/deps.ts";
import { appendLeaves } from "./append-leaves.ts";
import { prepareNextLogKey, promoteNextLogKey, transparencyKeyring, transparencyLogKey, type LogKey } from "./log-key.ts";

export interface RotateLogKeyResult {
  /** The key that signs the announcement (the log's signer until then). */
  signer: string;
  /** The new public key, announced in the next head and signing every head after it. */
  nextPublicKey: string;
  /** The size of the head that announced it, or null: the next head (when the tree next grows) will. */
  announcedInHead: number | null;
}

/**
 * Rotates the transparency log's key the way monitors can follow: the new public key is announced
 * in a head signed by the old key (nextKey), and every later head is signed by the new one
 * (append-leaves.ts, signHeadIfDue). Asked for here (transparency_log.nextPublicKey, under the
 * log row's lock, so it never races the appender), signed at once if the tree grew since the last
 * head, else by the next head. A monitor refuses any key change no head announced.
 *
 * The next key is TRANSPARENCY_LOG_NEXT_KEY, or with data-folder keys the folder's next-key file
 * (made now; a previous rotation's next key that already signs is first promoted to the log key).
 */
export async function rotateLogKey(
  services: Deps,
  options: { keyring?: LogKey[]; next?: LogKey; now?: () => number } = {},
): Promise<RotateLogKeyResult> {
  const [last] = await services.database.sql.query<{ publicKey: string; nextKey: string | null }>(
    `SELECT "publicKey", "nextKey" FROM transparency_head ORDER BY "treeSize" DESC LIMIT 1`,
  );
  const signer = last ? (last.nextKey ?? last.publicKey) : transparencyLogKey().publicKey;
  if (!options.next && transparencyKeyring().some((key) => key.publicKey === signer && key.publicKey !== transparencyLogKey().publicKey)) {
    promoteNextLogKey();
  }
  const next = options.next ?? prepareNextLogKey();
  if (next.publicKey === signer) throw new Error("The next key already signs the log: nothing to rotate.");
  await services.database.sql.transaction(async (tx) => {
    await tx.query(`SELECT id FROM transparency_log WHERE id = 1 FOR UPDATE`);
    await tx.query(`UPDATE transparency_log SET "nextPublicKey" = $1 WHERE id = 1`, [next.publicKey]);
  });
  await appendLeaves(services, { keyring: options.keyring, headIntervalMs: 0, now: options.now });
  const [announced] = await services.database.sql.query<{ treeSize: string }>(
    `SELECT h."treeSize"::text AS "treeSize" FROM transparency_head h WHERE h."nextKey" = $1 ORDER BY h."treeSize" DESC LIMIT 1`,
    [next.publicKey],
  );
  return { signer, nextPublicKey: next.publicKey, announcedInHead: announced ? Number(announced.treeSize) : null };
}
