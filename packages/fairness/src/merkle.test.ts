import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  MerkleTree,
  bytesToHex,
  consistencyRanges,
  hexToBytes,
  inclusionRanges,
  leafHash,
  nodeHash,
  verifyConsistency,
  verifyConsistencyHex,
  verifyInclusion,
  verifyInclusionHex,
} from "./merkle.ts";
import { leafHashSync, nodeHashSync } from "./draw-node.ts";

// The published vectors of RFC 6962/9162's reference tree (transparency-dev/merkle,
// proof/verify_test.go, from certificate-transparency-go): eight leaves, the roots of its first
// eight sizes, and proofs (leaf numbers there are 1-based; here 0-based indices).
const leaves = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f"].map((hex) =>
  hexToBytes(hex),
);
const roots = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];
const inclusionVectors: { index: number; size: number; proof: string[] }[] = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
  { index: 2, size: 3, proof: ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"] },
  {
    index: 1,
    size: 5,
    proof: [
      "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ],
  },
];
const consistencyVectors: { first: number; second: number; proof: string[] }[] = [
  { first: 1, second: 1, proof: [] },
  {
    first: 1,
    second: 8,
    proof: [
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
  {
    first: 2,
    second: 5,
    proof: [
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ],
  },
  {
    first: 6,
    second: 7,
    proof: [
      "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
      "b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
];

function vectorTree(): MerkleTree {
  const tree = new MerkleTree();
  for (const leaf of leaves) tree.append(leafHash(leaf));
  return tree;
}

const hex = (hashes: Uint8Array[]): string[] => hashes.map((hash) => bytesToHex(hash));

describe("RFC 9162 Merkle tree against the published vectors", () => {
  it("computes the root of every prefix of the reference tree", () => {
    const tree = vectorTree();
    for (let size = 1; size <= 8; size++) expect(bytesToHex(tree.root(size))).toBe(roots[size - 1]);
    expect(bytesToHex(new MerkleTree().root())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it.each(inclusionVectors)("inclusion proof of leaf $index in a tree of $size", ({ index, size, proof }) => {
    const tree = vectorTree();
    expect(hex(tree.inclusionProof(index, size))).toEqual(proof);
    expect(verifyInclusionHex(index, size, bytesToHex(leafHash(leaves[index]!)), proof, roots[size - 1]!)).toBe(true);
  });

  it.each(consistencyVectors)("consistency proof from $first to $second", ({ first, second, proof }) => {
    const tree = vectorTree();
    expect(hex(tree.consistencyProof(first, second))).toEqual(proof);
    expect(verifyConsistencyHex(first, second, roots[first - 1]!, roots[second - 1]!, proof)).toBe(true);
  });

  it("refuses every corruption the reference tests try", () => {
    const tree = vectorTree();
    for (const { index, size, proof } of inclusionVectors.filter((v) => v.proof.length > 0)) {
      const leaf = bytesToHex(leafHash(leaves[index]!));
      const root = roots[size - 1]!;
      const bytes = proof.map((p) => hexToBytes(p));
      const flipped = bytes.map((_, i) => bytes.map((p, j) => (j === i ? p.map((b, k) => (k === 0 ? b ^ 8 : b)) : p)));
      const wrong = [
        verifyInclusionHex(index - 1, size, leaf, proof, root),
        verifyInclusionHex(index + 1, size, leaf, proof, root),
        verifyInclusionHex(index ^ 2, size, leaf, proof, root),
        verifyInclusionHex(index, size * 2, leaf, proof, root),
        verifyInclusionHex(index, Math.floor(size / 2), leaf, proof, root),
        verifyInclusionHex(index, size, "abacaba000000000000000000000000000000000000000000060061e00123456", proof, root),
        verifyInclusionHex(index, size, leaf, proof, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        verifyInclusionHex(index, size, leaf, [...proof, root], root),
        verifyInclusionHex(index, size, leaf, [root, ...proof], root),
        verifyInclusionHex(index, size, leaf, proof.slice(0, -1), root),
        ...flipped.map((p) => verifyInclusion(index, size, hexToBytes(leaf), p, hexToBytes(root))),
      ];
      expect(wrong.flatMap((ok, i) => (ok ? [i] : []))).toEqual([]);
    }
    for (const { first, second, proof } of consistencyVectors.filter((v) => v.proof.length > 0)) {
      const [r1, r2] = [roots[first - 1]!, roots[second - 1]!];
      const wrong = [
        verifyConsistencyHex(first - 1, second, r1, r2, proof),
        verifyConsistencyHex(first + 1, second, r1, r2, proof),
        verifyConsistencyHex(first ^ 2, second, r1, r2, proof),
        verifyConsistencyHex(first, second * 2, r1, r2, proof),
        verifyConsistencyHex(first, Math.floor(second / 2), r1, r2, proof),
        verifyConsistencyHex(first, second, r2, r1, proof),
        verifyConsistencyHex(first, second, r1, r2, []),
        verifyConsistencyHex(first, second, r1, r2, [...proof, r1]),
        verifyConsistencyHex(first, second, r1, r2, [r2, ...proof]),
        verifyConsistencyHex(first, second, r1, r2, [proof[0]!, ...proof]),
        verifyConsistencyHex(first, second, r1, r2, proof.slice(0, -1)),
      ];
      expect(wrong.flatMap((ok, i) => (ok ? [i] : []))).toEqual([]);
    }
    expect(tree.size).toBe(8);
  });

  it("handles the trivial consistency cases as the reference does", () => {
    const empty = hexToBytes("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const some = hexToBytes(roots[3]!);
    expect(verifyConsistency(0, 0, empty, empty, [])).toBe(true);
    expect(verifyConsistency(0, 1, empty, some, [])).toBe(true);
    expect(verifyConsistency(1, 1, some, some, [])).toBe(true);
    expect(verifyConsistency(1, 0, some, some, [])).toBe(false);
    expect(verifyConsistency(1, 2, some, some, [])).toBe(false);
    expect(verifyConsistency(1, 1, some, some, [empty])).toBe(false);
    expect(verifyInclusion(0, 0, some, [], some)).toBe(false);
    expect(verifyInclusion(2, 1, some, [], some)).toBe(false);
  });
});

// An independent implementation: RFC 9162's definitions written out literally (recursion over
// arrays of leaf data, node:crypto's SHA-256), sharing no code with merkle.ts.
const sha = (...parts: Buffer[]): Buffer => createHash("sha256").update(Buffer.concat(parts)).digest();
const naiveLeaf = (d: Buffer): Buffer => sha(Buffer.from([0]), d);
function k(n: number): number {
  return 2 ** Math.ceil(Math.log2(n) - 1);
}
// Over the leaves data[lo:hi], memoised by range (the same ranges recur across sizes).
const data = Array.from({ length: 1000 }, (_, i) => Buffer.from(`leaf ${i}`));
const memo = new Map<string, Buffer>();
function mth(lo: number, hi: number): Buffer {
  const key = `${lo}:${hi}`;
  let hash = memo.get(key);
  if (!hash) {
    const n = hi - lo;
    hash = n === 0 ? sha() : n === 1 ? naiveLeaf(data[lo]!) : sha(Buffer.from([1]), mth(lo, lo + k(n)), mth(lo + k(n), hi));
    memo.set(key, hash);
  }
  return hash;
}
function path(m: number, lo: number, hi: number): Buffer[] {
  const n = hi - lo;
  if (n === 1) return [];
  const split = k(n);
  return m < split ? [...path(m, lo, lo + split), mth(lo + split, hi)] : [...path(m - split, lo + split, hi), mth(lo, lo + split)];
}
function subproof(m: number, lo: number, hi: number, b: boolean): Buffer[] {
  const n = hi - lo;
  if (m === n) return b ? [] : [mth(lo, hi)];
  const split = k(n);
  return m <= split
    ? [...subproof(m, lo, lo + split, b), mth(lo + split, hi)]
    : [...subproof(m - split, lo + split, hi, false), mth(lo, lo + split)];
}

// CPU-bound (about 5 s under load on two shared cores, as measured): a wider bound than vitest's 5 s default, not a timing assertion.
describe("RFC 9162 Merkle tree against an independent implementation, 1 to 1,000 leaves", { timeout: 60_000 }, () => {
  const tree = new MerkleTree();
  for (const d of data) tree.append(leafHash(d));

  it("agrees on the split point's definition", () => {
    for (let n = 2; n <= 1000; n++) expect(k(n) < n && 2 * k(n) >= n).toBe(true);
  });

  it("agrees on every root, and proves and verifies inclusion of sampled leaves at every size", () => {
    for (let size = 1; size <= 1000; size++) {
      const root = tree.root(size);
      expect(bytesToHex(root)).toBe(mth(0, size).toString("hex"));
      const indices = size <= 64 ? Array.from({ length: size }, (_, i) => i) : [0, 1, size >> 1, size - 2, size - 1, (size * 7919) % size];
      for (const index of indices) {
        const proof = tree.inclusionProof(index, size);
        expect(hex(proof)).toEqual(path(index, 0, size).map((b) => b.toString("hex")));
        expect(verifyInclusion(index, size, leafHash(data[index]!), proof, root)).toBe(true);
        expect(inclusionRanges(index, size)).toHaveLength(proof.length);
      }
    }
  });

  it("proves and verifies consistency between sampled sizes", () => {
    for (let second = 1; second <= 1000; second++) {
      const firsts =
        second <= 48
          ? Array.from({ length: second }, (_, i) => i + 1)
          : [1, 2, second >> 1, second - 1, second, (second * 104729) % second || 1];
      for (const first of firsts) {
        const proof = tree.consistencyProof(first, second);
        expect(hex(proof)).toEqual((first === second ? [] : subproof(first, 0, second, true)).map((b) => b.toString("hex")));
        expect(verifyConsistency(first, second, tree.root(first), tree.root(second), proof)).toBe(true);
        expect(consistencyRanges(first, second)).toHaveLength(proof.length);
        if (first < second && proof.length > 0) {
          // The wrong first root must not pass.
          expect(verifyConsistency(first, second, tree.root(second), tree.root(second), proof)).toBe(false);
        }
      }
    }
  });
});

describe("the server's node:crypto leaf and node hashes", () => {
  it("equal the isomorphic ones", () => {
    for (const leaf of ["", "{}", '{"kind":"open","value":"1.00"}', "naïve ✓ 🎁", "x".repeat(5000)]) {
      const isomorphic = leafHash(leaf);
      expect(bytesToHex(leafHashSync(leaf))).toBe(bytesToHex(isomorphic));
      expect(bytesToHex(nodeHashSync(isomorphic, leafHash(`${leaf}!`)))).toBe(bytesToHex(nodeHash(isomorphic, leafHash(`${leaf}!`))));
    }
  });
});
