import { MerkleTree, bytesToHex, canonicalLeaf, leafHash, verifyTreeHead, type TransparencyLeafKind } from "@prizepacks/fairness";
import type { SqlQuery } from "@prizepacks/db";
import type { Deps } from "../runtime/deps.ts";
import { LOWEST_STORED_LEVEL } from "./append-leaves.ts";
import { readLeaves, outcomeKey } from "./leaves.ts";
import { HEAD_COLUMNS, headView, type HeadRow } from "./read-log.ts";

const BATCH = 1_000;

export interface LogBreach {
  rule: string;
  detail: Record<string, unknown>;
}

/**
 * The log against the books: every committed outcome is in the queue or the log; each logged leaf
 * is the canonical text of its row as the row reads now (a row changed by hand after it was logged
 * is reported with its leaf index); the leaves are 0..n-1; every stored node (what proofs are
 * made of) is its leaves' subtree; the tree rebuilt from the leaves has every signed head's root,
 * each head's signature verifies, and the log's own root is the tree's.
 */
export async function transparencyLogBreaches(services: Deps, { pageSize = BATCH }: { pageSize?: number } = {}): Promise<LogBreach[]> {
  // One snapshot: the appender commits leaves and nodes while audit reads, and a node added
  // between the read of the leaves and the read of the nodes would look like a breach.
  return services.database.sql.transaction(async (sql) => {
    await sql.query(`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    return logBreaches(sql, pageSize);
  });
}

async function logBreaches(sql: SqlQuery, pageSize: number): Promise<LogBreach[]> {
  const breaches: LogBreach[] = [];
  const unqueued = await sql.query<{ kind: string; id: string }>(
    `SELECT 'open' AS kind, s.id FROM spin s WHERE NOT EXISTS (SELECT 1 FROM transparency_entry e WHERE e.kind = 'open' AND e."subjectId" = s.id)
     UNION ALL
     SELECT 'upgrade', u.id FROM upgrade u WHERE NOT EXISTS (SELECT 1 FROM transparency_entry e WHERE e.kind = 'upgrade' AND e."subjectId" = u.id)
     UNION ALL
     SELECT 'battle', b.id FROM battle b WHERE b.status = 'settled'
       AND NOT EXISTS (SELECT 1 FROM transparency_entry e WHERE e.kind = 'battle' AND e."subjectId" = b.id)`,
  );
  for (const row of unqueued) breaches.push({ rule: "every committed outcome is in the transparency log", detail: row });

  const [log] = await sql.query<{ treeSize: string; rootHash: string }>(
    `SELECT "treeSize"::text AS "treeSize", "rootHash" FROM transparency_log WHERE id = 1`,
  );
  const size = Number(log?.treeSize ?? 0);
  const tree = new MerkleTree();
  for (let start = 0; ; start += BATCH) {
    const rows = await sql.query<{ leafIndex: string; kind: TransparencyLeafKind; subjectId: string; leaf: string }>(
      `SELECT e."leafIndex"::text AS "leafIndex", e.kind, e."subjectId", e.leaf
       FROM transparency_entry e WHERE e."leafIndex" >= $1::bigint ORDER BY e."leafIndex" LIMIT ${BATCH}`,
      [String(start)],
    );
    if (rows.length === 0) break;
    const current = await readLeaves(
      sql,
      rows.map((row) => ({ kind: row.kind, id: row.subjectId })),
    );
    for (const row of rows) {
      const leafIndex = Number(row.leafIndex);
      const detail = { leafIndex, kind: row.kind, id: row.subjectId };
      if (leafIndex !== tree.size) {
        breaches.push({ rule: "the log's leaves are numbered 0, 1, 2, … without a gap", detail: { ...detail, expected: tree.size } });
        return breaches;
      }
      tree.append(leafHash(row.leaf));
      const now = current.get(outcomeKey({ kind: row.kind, id: row.subjectId }));
      if (!now) breaches.push({ rule: "each logged outcome's row still exists", detail });
      else if (canonicalLeaf(now) !== row.leaf) {
        breaches.push({
          rule: "each logged outcome's row still reads as its leaf (changed after it was logged)",
          detail: { ...detail, logged: row.leaf, now: canonicalLeaf(now) },
        });
      }
    }
    if (rows.length < BATCH) break;
  }
  breaches.push(...(await storedNodeBreaches(sql, tree, pageSize)));
  if (tree.size !== size) breaches.push({ rule: "the log's size is its number of leaves", detail: { treeSize: size, leaves: tree.size } });
  else if (log && bytesToHex(tree.root()) !== log.rootHash)
    breaches.push({ rule: "the log's root is its leaves' tree's", detail: { treeSize: size } });

  const heads = (await sql.query<HeadRow>(`SELECT ${HEAD_COLUMNS} FROM transparency_head h ORDER BY h."treeSize"`)).map(headView);
  let signer: string | null = null;
  for (const head of heads) {
    if (!verifyTreeHead(head, head.publicKey))
      breaches.push({ rule: "every signed tree head's signature verifies", detail: { treeSize: head.treeSize } });
    if (signer !== null && head.publicKey !== signer)
      breaches.push({
        rule: "every head is signed by the key the one before it named (a rotation is announced)",
        detail: { treeSize: head.treeSize },
      });
    signer = head.nextKey ?? head.publicKey;
    if (head.treeSize > tree.size || bytesToHex(tree.root(head.treeSize)) !== head.rootHash) {
      breaches.push({ rule: "every signed tree head's root is the tree's at its size", detail: { treeSize: head.treeSize } });
    }
  }
  return breaches;
}

/**
 * Every stored node against the tree rebuilt from the leaves, and none missing: a node changed or
 * deleted by hand would make every proof through it fail.
 */
async function storedNodeBreaches(sql: SqlQuery, tree: MerkleTree, pageSize: number): Promise<LogBreach[]> {
  const breaches: LogBreach[] = [];
  const stored = new Map<number, number>();
  let after = { level: -1, index: "0" };
  for (;;) {
    const rows = await sql.query<{ level: number; index: string; hash: string }>(
      // n.index, qualified: a bare "index" in ORDER BY is the output column, the text, and pages
      // in text order ("10" before "2") skipped nodes and counted others twice.
      `SELECT n.level, n.index::text AS index, encode(n.hash, 'hex') AS hash FROM transparency_node n
       WHERE (n.level, n.index) > ($1::smallint, $2::bigint) ORDER BY n.level, n.index LIMIT ${pageSize}`,
      [after.level, after.index],
    );
    for (const row of rows) {
      const node = { level: row.level, index: Number(row.index) };
      const covered = node.level >= 0 && node.index >= 0 && (node.index + 1) * 2 ** node.level <= tree.size;
      if (!covered || bytesToHex(tree.node(node)) !== row.hash)
        breaches.push({ rule: "each stored node of the log's tree is the hash of its leaves' subtree", detail: node });
      else stored.set(node.level, (stored.get(node.level) ?? 0) + 1);
    }
    if (rows.length < pageSize) break;
    after = { level: rows.at(-1)!.level, index: rows.at(-1)!.index };
  }
  for (let level = LOWEST_STORED_LEVEL; 2 ** level <= tree.size; level++) {
    const expected = Math.floor(tree.size / 2 ** level);
    if ((stored.get(level) ?? 0) < expected)
      breaches.push({
        rule: "every node of 16 leaves or more is stored (proofs are made of them)",
        detail: { level, stored: stored.get(level) ?? 0, expected },
      });
  }
  return breaches;
}
