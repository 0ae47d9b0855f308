import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@prizepacks/db";

// Before the env module first reads (it caches): rate limits in memory, this file's own.
vi.stubEnv("REDIS_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
const { createCaller } = await import("../../root.ts");
const { createContext } = await import("../../context.ts");
const { createUser } = await import("@prizepacks/core");
const { openServices } = await import("@prizepacks/core/server");
const { openTestDatabase } = await import("@prizepacks/core/testing");

let database: Database | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** The console's caller: a signed-in web session of an operator. */
async function operator() {
  const { userId } = await createUser(await openServices(database!), {
    email: `operator-${randomUUID().slice(0, 8)}@test.prizepacks.local`,
  });
  await database!.prisma.user.update({ where: { id: userId }, data: { role: "admin" } });
  return createCaller(
    createContext({
      source: "web",
      services: await openServices(database!),
      headers: new Headers(),
      resolveSessionUserId: async () => userId,
    }),
  );
}

const packFile = (image: string, itemImage = "/art/item/COMMON/coin.svg") => ({
  slug: `console-${randomUUID().slice(0, 8)}`,
  name: "Console pack",
  image,
  price: "10.00",
  category: "TECH",
  rarityTheme: "GOLD",
  items: [
    { key: "big", name: "Big prize", rarity: "LEGENDARY", value: "100.00", image: "/art/item/LEGENDARY/crown.svg", chance: "2" },
    { key: "mid", name: "Middle prize", rarity: "RARE", value: "10.00", image: itemImage, chance: "30" },
    { key: "small", name: "Small prize", rarity: "COMMON", value: "5.00", image: "/art/item/COMMON/coin.svg", chance: "68" },
  ],
});

describe("admin.packs.save (the console's save)", () => {
  it("refuses a pack or item image that is not a path on this site, naming the field", async () => {
    const caller = await operator();
    for (const image of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/art/../x.svg",
      "/\\evil.example",
    ]) {
      await expect(caller.admin.packs.save(packFile(image)), image).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^image: must /),
      });
      await expect(caller.admin.packs.save(packFile("/art/pack/GOLD/crown.svg", image)), image).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^items\.1\.image: must /),
      });
    }
    const saved = await caller.admin.packs.save(packFile("/art/pack/GOLD/crown,coin.svg"));
    expect(saved.created).toBe(true);
  });
});
