/**
 * The transparency log's Merkle tree, exactly RFC 9162's (section 2.1, the same tree as RFC 6962):
 *
 *   leaf hash  = SHA-256(0x00 ‖ leaf)
 *   node hash  = SHA-256(0x01 ‖ left ‖ right)
 *   MTH(D[n])  = the node hash of MTH(D[0:k]) and MTH(D[k:n]), k the largest power of two below n
 *
 * with its inclusion proofs (PATH, 2.1.3) and consistency proofs (PROOF, 2.1.4), and the
 * verification algorithms of 2.1.3.2 and 2.1.4.2 written as the RFC states them.
 *
 * Isomorphic and synchronous: @noble/hashes' SHA-256 (no Web Crypto promise per node, which a
 * monitor rebuilding a tree of millions of leaves would pay a million times), so the server, the
 * monitor and the browser's verifier run this very code.
 *
 * Every subtree the RFC's recursion hashes on its left is perfect (a power of two leaves, aligned
 * at a multiple of its size), so any MTH the proofs need is made of perfect subtrees: a store keeps
 * those (`PerfectNodes`: level L, index i covers leaves [i·2^L, (i+1)·2^L)) and answers any proof
 * with O(log² n) of them. `proofNodes` names them so the server fetches them in one query.
 */

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";

export { bytesToHex, hexToBytes };

const encoder = new TextEncoder();

/** SHA-256 of the empty string: MTH of the empty tree. */
export const EMPTY_TREE_ROOT_HEX = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export function leafHash(leaf: Uint8Array | string): Uint8Array {
  const bytes = typeof leaf === "string" ? encoder.encode(leaf) : leaf;
  const input = new Uint8Array(1 + bytes.length);
  input[0] = 0x00;
  input.set(bytes, 1);
  return sha256(input);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = 0x01;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256(input);
}

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** A leaf range [start, end) whose MTH is one entry of a proof. */
export interface LeafRange {
  start: number;
  end: number;
}

/** A perfect subtree: level L, index i covers leaves [i·2^L, (i+1)·2^L). Level 0 is the leaf hashes. */
export interface PerfectNode {
  level: number;
  index: number;
}

/** Looks a perfect subtree's hash up (synchronously: fetch what `proofNodes` names first). */
export type PerfectNodes = (node: PerfectNode) => Uint8Array;

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

function checkSize(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
}

/** The ranges of PATH(m, D[n]) (RFC 9162 2.1.3.1), leaf to root. */
export function inclusionRanges(leafIndex: number, treeSize: number): LeafRange[] {
  checkSize("leafIndex", leafIndex);
  checkSize("treeSize", treeSize);
  if (leafIndex >= treeSize) throw new Error("leafIndex must be below treeSize");
  const ranges: LeafRange[] = [];
  const path = (m: number, start: number, n: number): void => {
    if (n === 1) return;
    const k = splitPoint(n);
    if (m < k) {
      path(m, start, k);
      ranges.push({ start: start + k, end: start + n });
    } else {
      path(m - k, start + k, n - k);
      ranges.push({ start, end: start + k });
    }
  };
  path(leafIndex, 0, treeSize);
  return ranges;
}

/** The ranges of PROOF(m, D[n]) (RFC 9162 2.1.4.1); empty for m = 0 and m = n. */
export function consistencyRanges(first: number, second: number): LeafRange[] {
  checkSize("first", first);
  checkSize("second", second);
  if (first > second) throw new Error("first must not exceed second");
  const ranges: LeafRange[] = [];
  if (first === 0 || first === second) return ranges;
  const subproof = (m: number, start: number, n: number, whole: boolean): void => {
    if (m === n) {
      if (!whole) ranges.push({ start, end: start + n });
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      subproof(m, start, k, whole);
      ranges.push({ start: start + k, end: start + n });
    } else {
      subproof(m - k, start + k, n - k, false);
      ranges.push({ start, end: start + k });
    }
  };
  subproof(first, 0, second, true);
  return ranges;
}

/** The perfect subtrees MTH(D[start:end]) is made of, as the RFC's recursion splits it. */
export function perfectNodesOf({ start, end }: LeafRange): PerfectNode[] {
  const n = end - start;
  if (n <= 0) throw new Error("a range holds at least one leaf");
  if (isPowerOfTwo(n) && start % n === 0) return [{ level: Math.log2(n), index: start / n }];
  const k = splitPoint(n);
  return [...perfectNodesOf({ start, end: start + k }), ...perfectNodesOf({ start: start + k, end })];
}

/** Every perfect subtree the given ranges need, without repeats. */
export function proofNodes(ranges: LeafRange[]): PerfectNode[] {
  const seen = new Map<string, PerfectNode>();
  for (const range of ranges) for (const node of perfectNodesOf(range)) seen.set(`${node.level}:${node.index}`, node);
  return [...seen.values()];
}

/** MTH(D[start:end]) from perfect subtrees. */
export function rangeHash({ start, end }: LeafRange, perfect: PerfectNodes): Uint8Array {
  const n = end - start;
  if (isPowerOfTwo(n) && start % n === 0) return perfect({ level: Math.log2(n), index: start / n });
  const k = splitPoint(n);
  return nodeHash(rangeHash({ start, end: start + k }, perfect), rangeHash({ start: start + k, end }, perfect));
}

export function rootHash(treeSize: number, perfect: PerfectNodes): Uint8Array {
  return treeSize === 0 ? hexToBytes(EMPTY_TREE_ROOT_HEX) : rangeHash({ start: 0, end: treeSize }, perfect);
}

/**
 * The perfect subtrees a tree grows by when leaf `index` is appended: the leaf itself, then each
 * subtree it completes (level L+1 whenever index+1 is a multiple of 2^(L+1)). Their left siblings
 * are earlier perfect subtrees, which the appender has (the tree's right edge).
 */
export function completedNodes(index: number): PerfectNode[] {
  const nodes: PerfectNode[] = [{ level: 0, index }];
  let level = 0;
  let size = index + 1;
  while (size % 2 === 0) {
    size /= 2;
    level += 1;
    nodes.push({ level, index: size - 1 });
  }
  return nodes;
}

/** An in-memory tree over leaf hashes: the monitor's, the tests', the browser's. */
export class MerkleTree {
  private readonly levels: Uint8Array[][] = [[]];

  get size(): number {
    return this.levels[0]!.length;
  }

  append(hash: Uint8Array): number {
    const index = this.size;
    for (const node of completedNodes(index)) {
      const level = (this.levels[node.level] ??= []);
      level[node.index] =
        node.level === 0
          ? hash
          : nodeHash(
              this.node({ level: node.level - 1, index: node.index * 2 }),
              this.node({ level: node.level - 1, index: node.index * 2 + 1 }),
            );
    }
    return index;
  }

  readonly node: PerfectNodes = ({ level, index }) => {
    const hash = this.levels[level]?.[index];
    if (!hash) throw new Error(`no perfect subtree at level ${level}, index ${index}`);
    return hash;
  };

  root(treeSize = this.size): Uint8Array {
    this.checkSize(treeSize);
    return rootHash(treeSize, this.node);
  }

  inclusionProof(leafIndex: number, treeSize = this.size): Uint8Array[] {
    this.checkSize(treeSize);
    return inclusionRanges(leafIndex, treeSize).map((range) => rangeHash(range, this.node));
  }

  consistencyProof(first: number, second = this.size): Uint8Array[] {
    this.checkSize(second);
    return consistencyRanges(first, second).map((range) => rangeHash(range, this.node));
  }

  private checkSize(treeSize: number): void {
    if (treeSize > this.size) throw new Error(`the tree holds ${this.size} leaves, not ${treeSize}`);
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function validSizes(...sizes: number[]): boolean {
  return sizes.every((size) => Number.isSafeInteger(size) && size >= 0);
}

/** RFC 9162 2.1.3.2. False, never a throw, for anything malformed. */
export function verifyInclusion(leafIndex: number, treeSize: number, leaf: Uint8Array, proof: Uint8Array[], root: Uint8Array): boolean {
  if (!validSizes(leafIndex, treeSize) || leafIndex >= treeSize) return false;
  if (leaf.length !== 32 || root.length !== 32 || proof.some((p) => p.length !== 32)) return false;
  // fn and sn are below 2^53; BigInt keeps the shifts exact past 2^31 (JavaScript's >> is 32-bit).
  let fn = BigInt(leafIndex);
  let sn = BigInt(treeSize - 1);
  let r = leaf;
  for (const p of proof) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = nodeHash(p, r);
      if ((fn & 1n) === 0n) {
        while ((fn & 1n) === 0n && fn !== 0n) {
          fn >>= 1n;
          sn >>= 1n;
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && equalBytes(r, root);
}

/**
 * RFC 9162 2.1.4.2, with the cases the RFC leaves to the caller: equal sizes need an empty proof
 * and equal roots; an empty first tree is consistent with anything (its root is fixed); a tree
 * never shrinks.
 */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: Uint8Array[],
): boolean {
  if (!validSizes(first, second) || first > second) return false;
  if (firstRoot.length !== 32 || secondRoot.length !== 32 || proof.some((p) => p.length !== 32)) return false;
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0 && equalBytes(firstRoot, hexToBytes(EMPTY_TREE_ROOT_HEX));
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = BigInt(first - 1);
  let sn = BigInt(second - 1);
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

/** Hex forms for the wire (lower-case, as the endpoints answer). */
export function verifyInclusionHex(
  leafIndex: number,
  treeSize: number,
  leafHashHex: string,
  auditPath: string[],
  rootHex: string,
): boolean {
  const bytes = parseHashes([leafHashHex, rootHex, ...auditPath]);
  return bytes !== null && verifyInclusion(leafIndex, treeSize, bytes[0]!, bytes.slice(2), bytes[1]!);
}

export function verifyConsistencyHex(first: number, second: number, firstRootHex: string, secondRootHex: string, proof: string[]): boolean {
  const bytes = parseHashes([firstRootHex, secondRootHex, ...proof]);
  return bytes !== null && verifyConsistency(first, second, bytes[0]!, bytes[1]!, bytes.slice(2));
}

function parseHashes(hexes: string[]): Uint8Array[] | null {
  if (!hexes.every((hex) => /^[0-9a-f]{64}$/.test(hex))) return null;
  return hexes.map((hex) => hexToBytes(hex));
}
