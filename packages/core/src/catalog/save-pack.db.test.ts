import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoCatalogueFile } from "@prizepacks/db/seed";
import { buildTicketRanges, oddsHash } from "@prizepacks/fairness";
import { runAdminCommand } from "../admin/commands.ts";
import { CLI_ACTOR, listAdminLog } from "../admin-log/admin-log.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestUser } from "../testing/fixtures.ts";
import { openServices } from "../server/services.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { setRtpRange } from "./catalog-settings.ts";
import { findDrawOdds } from "./draw-odds.ts";
import { diffOddsVersions, exportPack } from "./pack-admin.ts";
import { checkPackDraft, DEFAULT_RTP_RANGE, PackFileSchema } from "../contract/pack-rules.ts";
import { savePack } from "./save-pack.ts";
import { seedDemoCatalog } from "./seed-demo-catalog.ts";
import { archivePack, deletePack } from "./set-pack-active.ts";
import { simulatePack } from "./simulate-pack.ts";

const services = useTestServices();
const database = () => services().database;

/** A pack file of its own (random slug). Expected value 100 × 2% + 10 × 30% + 5 × 68% = 8.40 of a 10.00 price: RTP 84%. */
function packFile(overrides: Record<string, unknown> = {}) {
  return {
    slug: `console-${randomUUID().slice(0, 8)}`,
    name: "Console pack",
    description: "Made by a test",
    image: "/images/packs/mini-gadget-grab.svg",
    price: "10.00",
    category: "TECH",
    rarityTheme: "SILVER",
    items: [
      { key: "big", name: "Big prize", rarity: "LEGENDARY", value: "100.00", image: "/images/test.svg", chance: "2" },
      { key: "mid", name: "Middle prize", rarity: "RARE", value: "10.00", image: "/images/test.svg", chance: "30" },
      { key: "small", name: "Small prize", rarity: "COMMON", value: "5.00", image: "/images/test.svg", chance: "68" },
    ],
    ...overrides,
  };
}

describe("publishing rules (checkPackDraft, savePack)", () => {
  const check = (file: Record<string, unknown>) => checkPackDraft(PackFileSchema.parse(file), DEFAULT_RTP_RANGE);

  it("computes ranges, expected value, RTP and house edge exactly", () => {
    const result = check(packFile());
    expect(result.ok).toBe(true);
    expect(result.rows.map((row) => [row.ticketFrom, row.ticketTo])).toEqual([
      [1, 2_000],
      [2_001, 32_000],
      [32_001, 100_000],
    ]);
    expect(result).toMatchObject({ chanceTotal: "100", expectedValue: "8.40", rtpPercent: "84.000", houseEdgePercent: "16.000" });
  });

  it("refuses chances that do not sum to exactly 100%", async () => {
    const file = packFile();
    file.items[2]!.chance = "67.999";
    expect(check(file).issues.map((issue) => issue.message)).toContain("chances sum to 99.999%, they must sum to exactly 100%");
    const error = await expectAppError(savePack(services(), CLI_ACTOR, file), "BAD_REQUEST");
    expect(error.message).toMatch(/sum to exactly 100%/);
    expect(await database().prisma.pack.count({ where: { slug: file.slug } })).toBe(0);
  });

  it("refuses a chance under one ticket (0.001%) and more than 3 decimals", async () => {
    const zero = packFile();
    zero.items[0]!.chance = "0";
    zero.items[2]!.chance = "70";
    expect(check(zero).issues).toContainEqual({ path: ["items", 0, "chance"], message: "must be at least 0.001% (one ticket of 100,000)" });
    await expectAppError(savePack(services(), CLI_ACTOR, zero), "BAD_REQUEST");

    const tooFine = packFile();
    tooFine.items[0]!.chance = "1.9995";
    expect(PackFileSchema.safeParse(tooFine).success).toBe(false);

    const oneTicket = packFile();
    oneTicket.items[0]!.chance = "0.001";
    oneTicket.items[1]!.chance = "31.999";
    oneTicket.items[1]!.value = "20.00";
    expect(check(oneTicket).rows[0]).toMatchObject({ tickets: 1, ticketFrom: 1, ticketTo: 1 });
  });

  it("refuses an expected return outside the operator's range, at the exact edges inclusive", async () => {
    const greedy = packFile({ price: "10.51" }); // 8.40 / 10.51 = 79.92%
    const error = await expectAppError(savePack(services(), CLI_ACTOR, greedy), "BAD_REQUEST");
    expect(error.message).toMatch(/expected return 79\.924% is outside the publishable range 80\.00%–98\.00%/);
    expect(check(packFile({ price: "10.50" })).ok).toBe(true); // exactly 80%
    const generous = packFile({ price: "8.57" }); // 98.016%
    expect(check(generous).ok).toBe(false);

    // The operator's range decides; restored afterwards for the other tests.
    await setRtpRange(services(), CLI_ACTOR, { minPercent: "70", maxPercent: "99" });
    try {
      expect((await savePack(services(), CLI_ACTOR, greedy)).check.rtpPercent).toBe("79.924");
    } finally {
      await setRtpRange(services(), CLI_ACTOR, { ...DEFAULT_RTP_RANGE });
    }
  });
});

describe("savePack: versions, history, archive", () => {
  it("publishes v1, then v2 on changed chances; earlier spins keep v1 and its hash; both are logged", async () => {
    const db = database().prisma;
    const file = packFile();
    const v1 = await savePack(services(), CLI_ACTOR, file);
    expect(v1).toMatchObject({ created: true, oddsVersion: 1, versionCreated: true });

    // The hash is the canonical one of packages/fairness over the stored item ids.
    const items = await db.packItem.findMany({ where: { packId: v1.packId } });
    const idOf = (key: string) => items.find((item) => item.key === key)!.id;
    const expectedV1 = await oddsHash(
      buildTicketRanges([
        { itemId: idOf("big"), tickets: 2000 },
        { itemId: idOf("mid"), tickets: 30000 },
        { itemId: idOf("small"), tickets: 68000 },
      ]),
    );
    expect(v1.oddsHash).toBe(expectedV1);

    const user = await createTestUser(services(), { balance: "50.00" });
    const spin = await openPack(services(), { userId: user.userId, idOrSlug: file.slug });
    expect(spin.fairness).toMatchObject({ oddsVersion: 1, oddsHash: v1.oddsHash });

    const same = await savePack(services(), CLI_ACTOR, file);
    expect(same).toMatchObject({ versionCreated: false, oddsVersion: 1 });

    const changed = packFile({ slug: file.slug });
    changed.items[0]!.chance = "1";
    changed.items[2]!.chance = "69";
    changed.items[2]!.value = "5.00";
    const v2 = await savePack(services(), CLI_ACTOR, { ...changed, price: "9.00" }); // 1 + 3 + 3.45 = 7.45 / 9 = 82.8%
    expect(v2).toMatchObject({ oddsVersion: 2, versionCreated: true });
    expect(v2.oddsHash).not.toBe(v1.oddsHash);

    const stored = await db.spin.findUniqueOrThrow({ where: { id: spin.spin.id }, include: { oddsVersion: true } });
    expect(stored.oddsVersion).toMatchObject({ version: 1, oddsHash: v1.oddsHash });

    const diff = await diffOddsVersions(services(), { slug: file.slug, from: 1, to: 2 });
    expect(diff.rows.find((row) => row.key === "big")).toMatchObject({
      fromChance: 2,
      toChance: 1,
      change: "changed",
      deltaPoints: "-1.000",
    });
    expect(diff.rows.find((row) => row.key === "mid")).toMatchObject({ change: "same", deltaPoints: "0.000" });
    expect(diff.rows.find((row) => row.key === "small")).toMatchObject({ deltaPoints: "+1.000" });
    // Both returns at the current price, 9.00: 8.40 / 9 = 93.33 % and 7.45 / 9 = 82.78 %.
    expect(diff).toMatchObject({
      price: "9.00",
      from: { version: 1, expectedValue: "8.40", rtpPercent: "93.33" },
      to: { version: 2, expectedValue: "7.45", rtpPercent: "82.78" },
      expectedValueDelta: "-0.95",
      rtpDeltaPoints: "-10.56",
    });

    // The verifier checks the earlier spin against v1's ranges, found by the hash the spin names.
    const drawOdds = await findDrawOdds(services(), file.slug, spin.fairness.oddsHash);
    expect(drawOdds).toMatchObject({ slug: file.slug, oddsVersion: 1, oddsHash: v1.oddsHash });
    expect(drawOdds!.items.map((item) => [item.itemId, item.ticketFrom, item.ticketTo])).toEqual([
      [idOf("big"), 1, 2_000],
      [idOf("mid"), 2_001, 32_000],
      [idOf("small"), 32_001, 100_000],
    ]);
    expect((await findDrawOdds(services(), file.slug, v2.oddsHash))?.oddsVersion).toBe(2);
    expect(await findDrawOdds(services(), "another-pack", v1.oddsHash)).toBeNull();
    expect(await findDrawOdds(services(), file.slug, "not-a-hash")).toBeNull();

    const log = await listAdminLog(services(), { targetId: v1.packId });
    expect(log.entries.map((entry) => entry.action)).toEqual(["odds.published", "pack.updated", "odds.published", "pack.created"]);
    expect(log.entries[0]!.after).toMatchObject({ version: 2, oddsHash: v2.oddsHash });
    expect(log.entries[0]!.before).toEqual({ version: 1, oddsHash: v1.oddsHash });
    // Each entry names its target, for the console to show and link.
    expect(log.entries[0]!.target).toEqual({ type: "pack", name: file.name, slug: file.slug });

    // Published items keep their value: a changed value needs a new key.
    const revalued = packFile({ slug: file.slug, price: "9.00" });
    revalued.items[0]!.value = "120.00";
    await expectAppError(savePack(services(), CLI_ACTOR, revalued), "BAD_REQUEST");

    // A pack with spins is archived, never deleted.
    await expectAppError(deletePack(services(), { slug: file.slug }), "CONFLICT");
    await archivePack(services(), { slug: file.slug });
    expect(await db.pack.findUniqueOrThrow({ where: { slug: file.slug } })).toMatchObject({ active: false });
    await expectAppError(savePack(services(), CLI_ACTOR, { ...changed, price: "9.00" }), "CONFLICT");
  });

  it("deletes a pack that was never opened", async () => {
    const db = database().prisma;
    const file = packFile();
    await savePack(services(), CLI_ACTOR, file);
    await deletePack(services(), { slug: file.slug });
    expect(await db.pack.count({ where: { slug: file.slug } })).toBe(0);
  });

  it("the admin log refuses UPDATE and DELETE", async () => {
    const db = database().prisma;
    await savePack(services(), CLI_ACTOR, packFile());
    await expect(db.$executeRaw`UPDATE admin_log SET actor = 'someone else'`).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM admin_log`).rejects.toThrow(/append-only/);
  });
});

// Reading and writing the files is the CLI's (apps/admin-cli/src/program.test.ts); the commands take and give the packs.
describe("pack:import and pack:export", () => {
  it("round-trip a pack with the same validation", async () => {
    const file = packFile();
    const imported = await runAdminCommand(services(), "pack:import", { packs: [file] });
    expect(imported.result).toMatchObject({ imported: [{ slug: file.slug, created: true, oddsVersion: 1, rtpPercent: "84.000" }] });

    const exported = JSON.parse(JSON.stringify((await runAdminCommand(services(), "pack:export", { slug: file.slug })).result));
    expect(exported).toEqual(PackFileSchema.parse(file));
    expect(await exportPack(services(), file.slug)).toEqual(exported);

    // Importing the export again changes nothing: same version, same hash.
    const again = await runAdminCommand(services(), "pack:import", { packs: [exported] });
    expect(again.result).toMatchObject({ imported: [{ slug: file.slug, created: false, oddsVersion: 1, versionCreated: false }] });

    const broken = packFile({
      items: [
        { ...file.items[0], chance: "100" },
        { ...file.items[1], chance: "0" },
      ],
    });
    await expectAppError(runAdminCommand(services(), "pack:import", { packs: [broken] }), "BAD_REQUEST");
    // Several packs: an error names the one it is about.
    const error = await expectAppError(runAdminCommand(services(), "pack:import", { packs: [packFile(), broken] }), "BAD_REQUEST");
    expect(error.message).toMatch(new RegExp(`^pack 1 \\(${broken.slug}\\): `));
  });
});

describe("pack and item images", () => {
  // Each refused with the start of its message: pages put images in <img src>, and API clients
  // resolve them against the site.
  const refused: Array<[image: string, message: string]> = [
    ["https://evil.example/x.png", 'not a "https:" address'],
    ["http://evil.example/x.png", 'not a "http:" address'],
    ["//evil.example/x.png", "not another site's address"],
    ["javascript:alert(1)", 'not a "javascript:" address'],
    ["JavaScript:alert(1)", 'not a "JavaScript:" address'],
    ["data:image/svg+xml,<svg/>", 'not a "data:" address'],
    ["  https://evil.example/x.png", 'not a "https:" address'], // trimmed first
    ["/\\evil.example/x.png", "must not contain backslashes"], // browsers read "/\" as "//"
    ["\\\\evil.example\\x.png", "must not contain backslashes"],
    ["/art/../../etc/passwd", 'must not contain ".."'],
    ["/images/..", 'must not contain ".."'],
    ["images/x.png", "must start with /"],
    ["/art//x.svg", "must be letters, digits and _ . , - between single slashes"],
    ["/art/x.svg?v=1", "must be letters, digits and _ . , - between single slashes"],
    ["/art/%2e%2e/x.svg", "must be letters, digits and _ . , - between single slashes"],
  ];

  it("refuses anything but a path on this site, naming the field, in the console's save and pack:import", async () => {
    const db = database().prisma;
    for (const [image, message] of refused) {
      const asPack = packFile({ image });
      const packError = await expectAppError(savePack(services(), CLI_ACTOR, asPack), "BAD_REQUEST");
      expect(packError.message, image).toContain(`image: must`);
      expect(packError.message, image).toContain(message);

      const asItem = packFile();
      asItem.items[1]!.image = image;
      const itemError = await expectAppError(savePack(services(), CLI_ACTOR, asItem), "BAD_REQUEST");
      expect(itemError.message, image).toMatch(/^items\.1\.image: /);
      expect(itemError.message, image).toContain(message);

      const importError = await expectAppError(runAdminCommand(services(), "pack:import", { packs: [packFile(), asItem] }), "BAD_REQUEST");
      expect(importError.message, image).toMatch(/^pack 1 \(console-[0-9a-f]+\): items\.1\.image: /);

      expect(await db.pack.count({ where: { slug: { in: [asPack.slug, asItem.slug] } } }), image).toBe(0);
    }
  });

  it("refuses a category or theme the API does not list, naming the field: such a pack could not be served", async () => {
    const db = database().prisma;
    for (const [field, value] of [
      ["category", "TEST"],
      ["rarityTheme", "PLATINUM"],
    ] as const) {
      const file = packFile({ [field]: value });
      const error = await expectAppError(savePack(services(), CLI_ACTOR, file), "BAD_REQUEST");
      expect(error.message).toMatch(new RegExp(`^${field}: one of `));
      expect(await db.pack.count({ where: { slug: file.slug } })).toBe(0);
    }
  });

  it("accepts paths on this site: the art set's pictures and plain paths", async () => {
    const db = database().prisma;
    for (const image of ["/art/pack/GOLD/crown,gem-stone,trophy.svg", "/images/packs/mini-gadget-grab.svg", "/x.png", "/a/b_c/d-e.f.svg"]) {
      const file = packFile({ image });
      file.items[0]!.image = image;
      await savePack(services(), CLI_ACTOR, file);
      expect((await db.pack.findUniqueOrThrow({ where: { slug: file.slug } })).image).toBe(image);
    }
  });

  it("the demo catalogue's images pass, and its seed loads it through savePack", async () => {
    for (const [index, pack] of demoCatalogueFile.entries())
      expect(PackFileSchema.safeParse(pack).error, `demo pack ${index}`).toBeUndefined();
    const empty = await openTestDatabase();
    try {
      expect(await seedDemoCatalog(await openServices(empty))).toEqual({ seeded: demoCatalogueFile.length });
    } finally {
      await empty.close();
    }
  });
});

describe("simulatePack", () => {
  it("draws 100,000 openings through the real draw and reports them next to the exact figures", async () => {
    const result = await simulatePack(packFile());
    expect(result.draws).toBe(100_000);
    expect(result.outcomes.reduce((sum, outcome) => sum + outcome.drawn, 0)).toBe(100_000);
    expect(result.exact).toMatchObject({
      expectedNet: "-1.60",
      rtpPercent: "84.000",
      profitPercent: "2.000",
      p1: "-5.00",
      p50: "-5.00",
      p99: "90.00",
    });
    // 100,000 draws: the simulated return lies within a few standard errors (σ ≈ 0.45%) of the exact one.
    expect(Math.abs(Number(result.simulated.rtpPercent) - 84)).toBeLessThan(3);
    // One player's balance over the first 200 openings: each step is one outcome's net result.
    const path = result.player.balanceChange.map(Number);
    expect(path).toHaveLength(200);
    const nets = new Set(result.outcomes.map((outcome) => Number(outcome.net)));
    path.forEach((balance, i) => expect(nets.has(Math.round((balance - (path[i - 1] ?? 0)) * 100) / 100)).toBe(true));
  });
});
