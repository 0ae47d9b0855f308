import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalLeaf,
  canonicalTreeHead,
  generateLogSecretKey,
  leafHashHex,
  logPublicKey,
  signTreeHead,
  verifyTreeHead,
} from "./transparency.ts";

describe("transparency leaves and signed tree heads", () => {
  it("hashes a leaf's canonical text as RFC 9162 does (checked with node:crypto)", () => {
    const text = canonicalLeaf({
      kind: "open",
      id: "s1",
      createdAt: "2026-11-29T09:00:00.000Z",
      serverSeedHash: "ab",
      clientSeed: "c",
      nonce: 3,
      oddsHash: "cd",
      hash: "ef",
      ticket: 42,
      itemId: "i1",
      value: "1.50",
    });
    expect(text).toBe(
      '{"clientSeed":"c","createdAt":"2026-11-29T09:00:00.000Z","hash":"ef","id":"s1","itemId":"i1","kind":"open","nonce":3,"oddsHash":"cd","serverSeedHash":"ab","ticket":42,"value":"1.50"}',
    );
    expect(leafHashHex(text)).toBe(
      createHash("sha256")
        .update(Buffer.concat([Buffer.from([0]), Buffer.from(text)]))
        .digest("hex"),
    );
  });

  it("signs exactly the canonical { rootHash, timestamp, treeSize } and refuses any change", () => {
    const secret = generateLogSecretKey();
    const publicKey = logPublicKey(secret);
    const head = {
      treeSize: 5,
      timestamp: 1_790_000_000_000,
      rootHash: "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    };
    expect(canonicalTreeHead(head)).toBe(
      '{"rootHash":"4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4","timestamp":1790000000000,"treeSize":5}',
    );
    const signed = signTreeHead(head, secret);
    expect(verifyTreeHead(signed, publicKey)).toBe(true);
    expect(verifyTreeHead({ ...signed, treeSize: 6 }, publicKey)).toBe(false);
    expect(verifyTreeHead({ ...signed, timestamp: head.timestamp - 1 }, publicKey)).toBe(false);
    expect(verifyTreeHead(signed, logPublicKey(generateLogSecretKey()))).toBe(false);
    expect(verifyTreeHead({ ...signed, signature: "zz" }, publicKey)).toBe(false);
  });
});
