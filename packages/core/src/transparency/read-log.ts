import {
  bytesToHex,
  consistencyRanges,
  inclusionRanges,
  proofNodes,
  rangeHash,
  type PerfectNodes,
  type SignedTreeHead,
  type TransparencyLeafKind,
} from "@prizepacks/fairness";
import { AppError } from "../errors.ts";
import { decodePageCursor, encodePageCursor, sequenceId } from "../pagination/page-cursor.ts";
import type { Deps } from "../runtime/deps.ts";
import { readNodes } from "./append-leaves.ts";
import { transparencyLogKey } from "./log-key.ts";

/** At most this many leaves per GET /v1/transparency/leaves. */
export const TRANSPARENCY_LEAVES_MAX = 1_000;
export const TRANSPARENCY_HEADS_PAGE_SIZE = 100;

export interface LogKeyView {
  algorithm: "Ed25519";
  /** The public key, 32 bytes as lower-case hex. */
  publicKey: string;
  /** What a head's signature covers, in words. */
  signs: string;
}

/** The key that signed the latest head (the instance's own before any head), so the latest head verifies under it. */
export async function getLogKey(services: Deps): Promise<LogKeyView> {
  const [latest] = await services.database.sql.query<{ publicKey: string }>(
    `SELECT "publicKey" FROM transparency_head ORDER BY "treeSize" DESC LIMIT 1`,
  );
  return {
    algorithm: "Ed25519",
    publicKey: latest?.publicKey ?? transparencyLogKey().publicKey,
    signs:
      'The RFC 8785 canonical JSON of { "rootHash", "timestamp", "treeSize" } (root as lower-case hex, timestamp in milliseconds since the epoch).',
  };
}

export interface HeadView extends SignedTreeHead {
  publicKey: string;
  /** A rotation's announcement (signed into this head): the key of every later head; else null. */
  nextKey: string | null;
}

export type HeadRow = {
  treeSize: string;
  timestamp: string;
  rootHash: string;
  signature: string;
  publicKey: string;
  nextKey: string | null;
  createdAt: Date;
};

export const HEAD_COLUMNS = `"treeSize"::text AS "treeSize", timestamp::text AS timestamp, "rootHash", signature, "publicKey", "nextKey", "createdAt"`;

export const headView = (row: HeadRow): HeadView => ({
  treeSize: Number(row.treeSize),
  timestamp: Number(row.timestamp),
  rootHash: row.rootHash,
  signature: row.signature,
  publicKey: row.publicKey,
  nextKey: row.nextKey,
});

/** The latest signed head; 404 before the appender has signed one. */
export async function getLatestHead(services: Deps): Promise<HeadView> {
  const [row] = await services.database.sql.query<HeadRow>(
    `SELECT ${HEAD_COLUMNS} FROM transparency_head h ORDER BY h."treeSize" DESC LIMIT 1`,
  );
  if (!row) throw new AppError("NOT_FOUND", "The log has no signed head yet.");
  return headView(row);
}

/** Every head, oldest first (by tree size, which only grows), a page at a time. */
export async function listHeads(
  services: Deps,
  { cursor }: { cursor?: string },
): Promise<{ heads: HeadView[]; nextCursor: string | null }> {
  const after = cursor === undefined ? -1n : sequenceId(decodePageCursor(cursor).id);
  const rows = await services.database.sql.query<HeadRow>(
    `SELECT ${HEAD_COLUMNS} FROM transparency_head h WHERE h."treeSize" > $1::bigint ORDER BY h."treeSize" LIMIT ${TRANSPARENCY_HEADS_PAGE_SIZE + 1}`,
    [String(after)],
  );
  const page = rows.slice(0, TRANSPARENCY_HEADS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    heads: page.map(headView),
    nextCursor:
      rows.length > TRANSPARENCY_HEADS_PAGE_SIZE && last ? encodePageCursor({ createdAt: last.createdAt, id: last.treeSize }) : null,
  };
}

async function treeSize(services: Deps): Promise<number> {
  const [row] = await services.database.sql.query<{ treeSize: string }>(
    `SELECT "treeSize"::text AS "treeSize" FROM transparency_log WHERE id = 1`,
  );
  return Number(row?.treeSize ?? 0);
}

export interface LeafView {
  leafIndex: number;
  kind: TransparencyLeafKind;
  id: string;
  /** The exact canonical text that was hashed. */
  leaf: string;
}

/** Leaves [start, end), at most TRANSPARENCY_LEAVES_MAX; end is clipped to the tree's size. */
export async function listLeaves(services: Deps, { start, end }: { start: number; end: number }): Promise<{ leaves: LeafView[] }> {
  if (end < start) throw new AppError("BAD_REQUEST", "end must not be before start.");
  if (end - start > TRANSPARENCY_LEAVES_MAX) throw new AppError("BAD_REQUEST", `At most ${TRANSPARENCY_LEAVES_MAX} leaves at a time.`);
  const rows = await services.database.sql.query<{ leafIndex: string; kind: TransparencyLeafKind; subjectId: string; leaf: string }>(
    `SELECT "leafIndex"::text AS "leafIndex", kind, "subjectId", leaf FROM transparency_entry e
     WHERE "leafIndex" >= $1::bigint AND "leafIndex" < $2::bigint ORDER BY e."leafIndex"`,
    [String(start), String(end)],
  );
  return { leaves: rows.map((row) => ({ leafIndex: Number(row.leafIndex), kind: row.kind, id: row.subjectId, leaf: row.leaf })) };
}

async function checkedTreeSize(services: Deps, requested: number | undefined): Promise<number> {
  const size = await treeSize(services);
  if (requested === undefined) {
    const [head] = await services.database.sql.query<{ treeSize: string }>(
      `SELECT "treeSize"::text AS "treeSize" FROM transparency_head h ORDER BY h."treeSize" DESC LIMIT 1`,
    );
    return Number(head?.treeSize ?? 0);
  }
  if (requested > size) throw new AppError("BAD_REQUEST", `The tree holds ${size} leaves; treeSize cannot be ${requested}.`);
  return requested;
}

export interface InclusionProofView {
  kind: TransparencyLeafKind;
  id: string;
  leafIndex: number;
  treeSize: number;
  leaf: string;
  leafHash: string;
  /** RFC 9162's inclusion path, leaf to root, lower-case hex. */
  auditPath: string[];
}

/** A proof's nodes by (level, index); one missing is the log's damage (audit names it), said as such. */
function nodeLookup(nodes: Map<string, Uint8Array>): PerfectNodes {
  return ({ level, index }) => {
    const hash = nodes.get(`${level}:${index}`);
    if (!hash) throw new Error(`the transparency log's node ${level}:${index} is missing: run npm run admin -- audit`);
    return hash;
  };
}

/** The inclusion proof of an outcome in the tree of treeSize leaves (default: the latest signed head's). */
export async function getInclusionProof(
  services: Deps,
  { kind, id, treeSize: requested }: { kind: TransparencyLeafKind; id: string; treeSize?: number },
): Promise<InclusionProofView> {
  const [entry] = await services.database.sql.query<{ leafIndex: string | null; leaf: string | null }>(
    `SELECT "leafIndex"::text AS "leafIndex", leaf FROM transparency_entry WHERE kind = $1 AND "subjectId" = $2`,
    [kind, id],
  );
  if (!entry?.leafIndex || entry.leaf === null)
    throw new AppError("NOT_FOUND", `No logged ${kind} ${id} (an outcome is logged within seconds of its commit).`);
  const leafIndex = Number(entry.leafIndex);
  const size = await checkedTreeSize(services, requested);
  if (leafIndex >= size)
    throw new AppError("NOT_FOUND", `Leaf ${leafIndex} is not in the tree of ${size} leaves yet (the next signed head will hold it).`);
  const ranges = inclusionRanges(leafIndex, size);
  const nodes = await readNodes(services.database.sql, proofNodes([...ranges, { start: leafIndex, end: leafIndex + 1 }]));
  const lookup = nodeLookup(nodes);
  return {
    kind,
    id,
    leafIndex,
    treeSize: size,
    leaf: entry.leaf,
    leafHash: bytesToHex(lookup({ level: 0, index: leafIndex })),
    auditPath: ranges.map((range) => bytesToHex(rangeHash(range, lookup))),
  };
}

export interface ConsistencyProofView {
  first: number;
  second: number;
  /** RFC 9162's consistency path, lower-case hex. */
  consistencyPath: string[];
}

/** Between the trees of `first` and `second` leaves (default: the latest signed head's size). */
export async function getConsistencyProof(
  services: Deps,
  { first, second: requested }: { first: number; second?: number },
): Promise<ConsistencyProofView> {
  const second = await checkedTreeSize(services, requested);
  if (first > second) throw new AppError("BAD_REQUEST", `first (${first}) must not exceed second (${second}).`);
  const ranges = consistencyRanges(first, second);
  const nodes = await readNodes(services.database.sql, proofNodes(ranges));
  const lookup = nodeLookup(nodes);
  return { first, second, consistencyPath: ranges.map((range) => bytesToHex(rangeHash(range, lookup))) };
}

/** Leaf indices of logged outcomes (absent while queued), for answers and history: one statement. */
/**
 * A POST's answer replayed (Idempotency-Key) with its outcome's leafIndex as it is now: a first
 * answer is never logged yet (the appender runs after the commit), a replay may be, and an answer
 * stored before answers carried the field gets it too.
 */
export async function withLeafIndex<T extends object>(
  services: Deps,
  outcome: { kind: TransparencyLeafKind; id: string },
  answer: T,
): Promise<T & { leafIndex: number | null }> {
  const indices = await findLeafIndices(services, [outcome]);
  return { ...answer, leafIndex: indices.get(`${outcome.kind}:${outcome.id}`) ?? null };
}

export async function findLeafIndices(
  services: Deps,
  outcomes: Array<{ kind: TransparencyLeafKind; id: string }>,
): Promise<Map<string, number>> {
  if (outcomes.length === 0) return new Map();
  const rows = await services.database.sql.query<{ kind: string; subjectId: string; leafIndex: string }>(
    `SELECT e.kind, e."subjectId", e."leafIndex"::text AS "leafIndex"
     FROM transparency_entry e JOIN unnest($1::text[], $2::text[]) AS w(k, i) ON e.kind = w.k AND e."subjectId" = w.i
     WHERE e."leafIndex" IS NOT NULL`,
    [outcomes.map((o) => o.kind), outcomes.map((o) => o.id)],
  );
  return new Map(rows.map((row) => [`${row.kind}:${row.subjectId}`, Number(row.leafIndex)]));
}
