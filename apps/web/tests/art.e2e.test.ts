import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support.ts";

// The art routes draw pictures for anyone, signed in or not: what an unknown or odd URL costs
// the server, and what a picture opened on its own may do, are this file's subject.

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const ART_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/** `count` requests through `get`, `width` at a time. */
async function inParallel<T>(count: number, width: number, get: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await get(index);
      }
    }),
  );
  return results;
}

describe("GET /art/{kind}/{variant}/{file}", () => {
  it("draws known icons with the pictures' own Content-Security-Policy, the only one sent", async () => {
    for (const picture of ["/art/item/EPIC/trophy.svg", "/art/pack/GOLD/crown,gem-stone,trophy.svg"]) {
      const response = await fetch(`${baseUrl}${picture}`);
      expect(response.status, picture).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      // fetch joins repeated headers with ", ": equality means one header, and it is theirs.
      expect(response.headers.get("content-security-policy"), picture).toBe(ART_POLICY);
      expect(await response.text()).toMatch(/^<svg /);
    }
    // Pages keep the site's policy.
    expect((await fetch(`${baseUrl}/`)).headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src/);
  });

  it("answers 3,000 unknown names with 404", async () => {
    const statuses = await inParallel(3_000, 8, async (index) => {
      const kind = index % 2 === 0 ? "item/RARE" : "pack/SILVER";
      const response = await fetch(`${baseUrl}/art/${kind}/${randomBytes(32).toString("hex")}.svg`);
      await response.arrayBuffer();
      return response.status;
    });
    expect(statuses.filter((status) => status !== 404)).toEqual([]);
  });

  it("answers odd encodings with a plain 404, never a 500 or a page, under the pictures' policy", async () => {
    const long = "a".repeat(5_000);
    const odd = [
      "/art/pack/GOLD/%25ZZ.svg", // one decoding leaves "%ZZ"; a second one threw
      "/art/item/EPIC/%25ZZ.svg",
      "/art/pack/GOLD/crown%252Ctrophy.svg", // "%2C" after one decoding: not a comma
      "/art/pack/GOLD/%25.svg",
      "/art/pack/GOLD/%",
      "/art/pack/GOLD/%.svg",
      "/art/item/EPIC/%zz.svg",
      "/art/pack/GOLD/%zz.svg",
      "/art/item/EPIC/%2F..%2F..%2Fpackage.json",
      "/art/item/EPIC/..%2F..%2Fpackage.svg",
      "/art/item/EPIC/%5C..%5Cpackage.svg",
      "/art/item/EPIC/%00.svg",
      "/art/pack/GOLD/crown,crown,crown,crown.svg",
      "/art/pack/GOLD/,,.svg",
      `/art/item/EPIC/${long}.svg`,
      `/art/pack/GOLD/${long},${long}.svg`,
      "/art/item/NOPE/trophy.svg",
      "/art/item/EPIC/trophy.png",
    ];
    for (const picture of odd) {
      const response = await fetch(`${baseUrl}${picture}`);
      const label = picture.slice(0, 60);
      expect(response.status, label).toBe(404);
      expect(response.headers.get("content-type"), label).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("content-security-policy"), label).toBe(ART_POLICY);
      expect(await response.text(), label).toBe("Not found");
    }
  });
});

describe("the art cache", () => {
  it("keeps nothing for 3,000 unknown names and stays within its bound for known ones", () => {
    const probe = spawnSync(
      process.execPath,
      ["--expose-gc", "--conditions=react-server", "--import", "tsx", "apps/web/tests/art-cache-probe.ts"],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    expect(probe.status, probe.stderr).toBe(0);
    const { before, afterUnknown, afterKnown } = JSON.parse(probe.stdout.trim().split("\n").at(-1)!);
    console.log(
      `art cache: heap ${(before.heapUsedBytes / 2 ** 20).toFixed(1)} MB, after 3,000 unknown names ${(afterUnknown.heapUsedBytes / 2 ** 20).toFixed(1)} MB, ` +
        `after ${afterKnown.drawn} known packs (${(afterKnown.drawnChars / 1e6).toFixed(1)} M chars drawn) ${(afterKnown.heapUsedBytes / 2 ** 20).toFixed(1)} MB; ` +
        `cache ${afterKnown.cache.entries} entries, ${(afterKnown.cache.chars / 1e6).toFixed(2)} of ${(afterKnown.cache.maxChars / 1e6).toFixed(2)} M chars`,
    );
    expect(afterUnknown.cache).toEqual(before.cache);
    // Kept, the names alone would be about 30 MB (3,000 × 10,000 characters, in two keys).
    expect(afterUnknown.heapUsedBytes - before.heapUsedBytes).toBeLessThan(4 * 2 ** 20);
    expect(afterKnown.cache.chars).toBeLessThanOrEqual(afterKnown.cache.maxChars);
    expect(afterKnown.cache.entries).toBeLessThan(afterKnown.drawn);
    expect(afterKnown.heapUsedBytes - before.heapUsedBytes).toBeLessThan(afterKnown.cache.maxChars + 4 * 2 ** 20);
  });
});
