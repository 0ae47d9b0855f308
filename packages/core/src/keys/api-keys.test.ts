import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { API_KEY_PATTERN, assertAccountMayAct, generateApiKey, hashApiKey } from "./api-keys.ts";

describe("API keys", () => {
  it("look like pp_live_ + 40 base62 characters and are unique", () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^pp_live_[0-9A-Za-z]{40}$/);
      expect(API_KEY_PATTERN.test(key)).toBe(true);
    }
  });

  it("are stored as their SHA-256 hex", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
  });

  it("pattern refuses other prefixes, short bodies and odd characters", () => {
    for (const bad of ["pp_test_" + "a".repeat(40), "pp_live_" + "a".repeat(31), "pp_live_" + "a".repeat(39) + "-", "Bearer x"]) {
      expect(API_KEY_PATTERN.test(bad)).toBe(false);
    }
  });
});

describe("assertAccountMayAct", () => {
  const ok = { emailVerified: true, banned: false, banExpires: null, deletedAt: null };
  const codeOf = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (error) {
      return (error as AppError).code;
    }
  };

  it("lets verified, unbanned, undeleted accounts act", () => {
    expect(codeOf(() => assertAccountMayAct(ok))).toBeNull();
    expect(codeOf(() => assertAccountMayAct({ ...ok, banned: true, banExpires: new Date(Date.now() - 1000) }))).toBeNull();
  });

  it("refuses banned, deleted and unverified accounts with FORBIDDEN", () => {
    expect(codeOf(() => assertAccountMayAct({ ...ok, banned: true }))).toBe("FORBIDDEN");
    expect(codeOf(() => assertAccountMayAct({ ...ok, deletedAt: new Date() }))).toBe("FORBIDDEN");
    expect(codeOf(() => assertAccountMayAct({ ...ok, emailVerified: false }))).toBe("FORBIDDEN");
  });
});
