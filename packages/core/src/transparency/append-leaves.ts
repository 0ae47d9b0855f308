import type { SqlQuery } from "@prizepacks/db";
import { logger } from "@prizepacks/db/log";
import {
  bytesToHex,
  canonicalLeaf,
  completedNodes,
  hexToBytes,
  perfectNodesOf,
  rootHash,
  signTreeHead,
  type PerfectNode,
} from "@prizepacks/fairness";
import { leafHashSync, nodeHashSync } from "@prizepacks/fairness/node";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Deps } from "../runtime/deps.ts";
import { counter } from "../runtime/metrics.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import { outcomeKey, readLeaves, type OutcomeRef } from "./leaves.ts";
import { transparencyKeyring, type LogKey } from "./log-key.ts";

/** How often each instance tries to append: a leaf is in the tree within about a second of its commit. */
export const TRANSPARENCY_APPEND_INTERVAL_MS = 1_000;
/**
 * A new head is signed once the tree has grown and the last head is this old: a draw can be
 * proven against a signed head within about 10 s, and the heads stay few (8,640 a day at most).
 * The bound is a minute.
 */
export const TRANSPARENCY_HEAD_INTERVAL_MS = 10_000;
/** Leaves appended per transaction (the queue is read through its partial index). */
const BATCH = 1_000;
/**
 * Subtrees of fewer than 16 leaves are not stored: they are hashed from their leaves when read (at
 * most 16 leaf texts for one node). The appender so writes one node row per 8 leaves rather than
 * two per leaf, and the table is a sixteenth of its size (opens per second did not measurably
 * change: docs/performance.md, the transparency log).
 */
export const LOWEST_STORED_LEVEL = 4;

export const transparencyHeadsSigned = counter({
  name: "prizepacks_transparency_heads_signed_total",
  help: "Signed tree heads of the transparency log this instance signed.",
});

export interface AppendOptions {
  /** The one key to sign with (tests); else the instance's keyring. */
  key?: LogKey;
  /** The keys this instance holds: it signs with the one the last head names (a rotation's new key after its announcement). */
  keyring?: LogKey[];
  now?: () => number;
  headIntervalMs?: number;
}

export interface AppendResult {
  /** False: another instance holds the log's row (it is appending); nothing was done here. */
  appended: boolean;
  added: number;
  treeSize: number;
  headSigned: boolean;
}

const nodeId = ({ level, index }: PerfectNode) => `${level}:${index}`;

/**
 * One pass of the log's appender. Exactly once across instances: the transparency_log row is
 * taken FOR UPDATE SKIP LOCKED, so one instance appends while the others skip the pass, and the
 * leaves, their nodes, the new size and (when due) a signed head commit together. The queue
 * (transparency_entry, filled by triggers in each outcome's own transaction) is read in seq
 * order: a row is visible once it commits, so leaves go in in the order their outcomes
 * committed as the appender sees them, and an outcome whose transaction rolled back never
 * appears.
 */
export async function appendLeaves(services: Deps, options: AppendOptions = {}): Promise<AppendResult> {
  const keyring = options.keyring ?? (options.key ? [options.key] : transparencyKeyring());
  const now = options.now ?? Date.now;
  const headIntervalMs = options.headIntervalMs ?? TRANSPARENCY_HEAD_INTERVAL_MS;
  return services.database.sql.transaction(async (tx) => {
    const [log] = await tx.query<{ treeSize: string; rootHash: string }>(
      `SELECT "treeSize"::text AS "treeSize", "rootHash" FROM transparency_log WHERE id = 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!log) return { appended: false, added: 0, treeSize: -1, headSigned: false };
    let size = Number(log.treeSize);
    let root = log.rootHash;
    const queued = await tx.query<{ seq: string; kind: OutcomeRef["kind"]; subjectId: string }>(
      `SELECT seq::text AS seq, kind, "subjectId" FROM transparency_entry e WHERE e."leafIndex" IS NULL ORDER BY e.seq LIMIT ${BATCH}`,
    );
    let added = 0;
    if (queued.length > 0) {
      const leaves = await readLeaves(
        tx,
        queued.map((q) => ({ kind: q.kind, id: q.subjectId })),
      );
      // The tree's right edge: the perfect subtrees of the current size, every left sibling a new node can need.
      const nodes = new Map<string, Uint8Array>();
      if (size > 0) {
        const edge = perfectNodesOf({ start: 0, end: size });
        const rows = await readNodes(tx, edge);
        for (const node of edge) {
          const hash = rows.get(nodeId(node));
          if (!hash) throw new Error(`the tree's node ${nodeId(node)} is missing (a stored node or a logged leaf): the tree cannot grow`);
          nodes.set(nodeId(node), hash);
        }
      }
      const entries: Array<{ seq: string; index: number; leaf: string }> = [];
      const newNodes: Array<PerfectNode & { hash: Uint8Array }> = [];
      for (const q of queued) {
        const leaf = leaves.get(outcomeKey({ kind: q.kind, id: q.subjectId }));
        if (!leaf) {
          // Its row is gone (deleted by hand) or not settled: it stays queued, and audit reports it.
          logger("transparency").error({ kind: q.kind, id: q.subjectId }, "queued outcome has no row; not logged");
          continue;
        }
        const text = canonicalLeaf(leaf);
        const index = size + entries.length;
        entries.push({ seq: q.seq, index, leaf: text });
        for (const node of completedNodes(index)) {
          const hash =
            node.level === 0
              ? leafHashSync(text)
              : nodeHashSync(
                  nodes.get(nodeId({ level: node.level - 1, index: node.index * 2 }))!,
                  nodes.get(nodeId({ level: node.level - 1, index: node.index * 2 + 1 }))!,
                );
          nodes.set(nodeId(node), hash);
          if (node.level >= LOWEST_STORED_LEVEL) newNodes.push({ ...node, hash });
        }
      }
      if (entries.length > 0) {
        await tx.query(
          // One JSON parameter: pg escapes a text[] of leaves (each full of quotes) element by element in JavaScript.
          `UPDATE transparency_entry e SET "leafIndex" = v.idx, leaf = v.leaf, "loggedAt" = now()
           FROM json_to_recordset($1::json) AS v(seq bigint, idx bigint, leaf text) WHERE e.seq = v.seq`,
          [JSON.stringify(entries.map((e) => ({ seq: e.seq, idx: e.index, leaf: e.leaf })))],
        );
        if (newNodes.length > 0) {
          await tx.query(
            `INSERT INTO transparency_node (level, index, hash)
             SELECT l, i, decode(h, 'hex') FROM unnest($1::smallint[], $2::bigint[], $3::text[]) AS v(l, i, h)`,
            [newNodes.map((n) => n.level), newNodes.map((n) => String(n.index)), newNodes.map((n) => bytesToHex(n.hash))],
          );
        }
        size += entries.length;
        added = entries.length;
        root = bytesToHex(rootHash(size, (node) => nodes.get(nodeId(node))!));
        await tx.query(`UPDATE transparency_log SET "treeSize" = $1::bigint, "rootHash" = $2, "updatedAt" = now() WHERE id = 1`, [
          String(size),
          root,
        ]);
      }
    }
    const headSigned = await signHeadIfDue(tx, { size, root, keyring, now: now(), headIntervalMs });
    return { appended: true, added, treeSize: size, headSigned };
  });
}

/**
 * Under the log row's lock: a head for a tree that grew since the last, once that one is
 * headIntervalMs old (the first at once). It is signed by the key the last head names: its
 * signer, or the key it announced (nextKey). A rotation asked for (transparency_log.nextPublicKey)
 * rides on this head: the old key signs the announcement, and every later head is the new key's.
 */
async function signHeadIfDue(
  tx: SqlQuery,
  { size, root, keyring, now, headIntervalMs }: { size: number; root: string; keyring: LogKey[]; now: number; headIntervalMs: number },
): Promise<boolean> {
  const [last] = await tx.query<{ treeSize: string; timestamp: string; publicKey: string; nextKey: string | null }>(
    `SELECT "treeSize"::text AS "treeSize", timestamp::text AS timestamp, "publicKey", "nextKey" FROM transparency_head h ORDER BY h."treeSize" DESC LIMIT 1`,
  );

  if (last && (Number(last.treeSize) >= size || now - Number(last.timestamp) < headIntervalMs)) return false;
  const signerKey = last ? (last.nextKey ?? last.publicKey) : keyring[0]!.publicKey;
  const key = keyring.find((candidate) => candidate.publicKey === signerKey);
  if (!key) {
    // Signing with another key would fork the log for every monitor: leave the head to an instance that holds it.
    logger("transparency").error(
      { signer: signerKey, held: keyring.map((candidate) => candidate.publicKey) },
      "this instance does not hold the key that signs the log's next head (a rotation: give it TRANSPARENCY_LOG_NEXT_KEY); not signing",
    );
    return false;
  }
  const [pending] = await tx.query<{ nextPublicKey: string | null }>(`SELECT "nextPublicKey" FROM transparency_log WHERE id = 1`);
  const nextKey = pending?.nextPublicKey && pending.nextPublicKey !== key.publicKey ? pending.nextPublicKey : null;
  // Timestamps only grow, whatever the clocks of the instances that sign.
  const timestamp = last ? Math.max(now, Number(last.timestamp) + 1) : now;
  const head = signTreeHead({ treeSize: size, timestamp, rootHash: root, nextKey }, key.secretKey);
  await tx.query(
    `INSERT INTO transparency_head ("treeSize", timestamp, "rootHash", signature, "publicKey", "nextKey") VALUES ($1::bigint, $2::bigint, $3, $4, $5, $6)`,
    [String(size), String(timestamp), root, head.signature, key.publicKey, nextKey],
  );
  if (pending?.nextPublicKey) await tx.query(`UPDATE transparency_log SET "nextPublicKey" = NULL WHERE id = 1`);
  transparencyHeadsSigned.inc();
  return true;
}

/**
 * Perfect subtrees by (level, index): the stored ones in one statement, those below
 * LOWEST_STORED_LEVEL hashed from their logged leaves (one more). A node whose leaves are not all
 * logged is absent from the map.
 */
export async function readNodes(sql: SqlQuery, nodes: PerfectNode[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  const stored = nodes.filter((node) => node.level >= LOWEST_STORED_LEVEL);
  const hashed = nodes.filter((node) => node.level < LOWEST_STORED_LEVEL);
  if (stored.length > 0) {
    const rows = await sql.query<{ level: number; index: string; hash: string }>(
      `SELECT n.level, n.index::text AS index, encode(n.hash, 'hex') AS hash
       FROM transparency_node n JOIN unnest($1::smallint[], $2::bigint[]) AS w(l, i) ON n.level = w.l AND n.index = w.i`,
      [stored.map((n) => n.level), stored.map((n) => String(n.index))],
    );
    for (const row of rows) found.set(`${row.level}:${row.index}`, hexToBytes(row.hash));
  }
  if (hashed.length > 0) {
    const indices = new Set<number>();
    for (const { level, index } of hashed) {
      const width = 2 ** level;
      for (let leaf = index * width; leaf < (index + 1) * width; leaf++) indices.add(leaf);
    }
    const rows = await sql.query<{ leafIndex: string; leaf: string }>(
      `SELECT "leafIndex"::text AS "leafIndex", leaf FROM transparency_entry WHERE "leafIndex" = ANY($1::bigint[])`,
      [[...indices].map(String)],
    );
    const leaves = new Map(rows.map((row) => [Number(row.leafIndex), leafHashSync(row.leaf)]));
    for (const node of hashed) {
      const hash = subtreeOfLeaves(node, leaves);
      if (hash) found.set(nodeId(node), hash);
    }
  }
  return found;
}

function subtreeOfLeaves({ level, index }: PerfectNode, leaves: Map<number, Uint8Array>): Uint8Array | undefined {
  if (level === 0) return leaves.get(index);
  const left = subtreeOfLeaves({ level: level - 1, index: index * 2 }, leaves);
  const right = subtreeOfLeaves({ level: level - 1, index: index * 2 + 1 }, leaves);
  return left && right ? nodeHashSync(left, right) : undefined;
}

/** The appender, every TRANSPARENCY_APPEND_INTERVAL_MS on every instance (one appends at a time). */
export function startTransparencyLog(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "transparency",
    failure: "transparency log append failed, retrying",
    everyMs: TRANSPARENCY_APPEND_INTERVAL_MS,
    quietRepeats: true,
    pass: async () => {
      // Drain a backlog (a migration's backfill, an outage) without waiting a tick per batch.
      for (let i = 0; i < 100; i++) {
        const result = await appendLeaves(services);
        if (!result.appended || result.added < BATCH) break;
      }
    },
  });
}
