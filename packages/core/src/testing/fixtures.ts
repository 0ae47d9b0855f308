import { randomUUID } from "node:crypto";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { ticketsToChanceText, type PackFileItemInput } from "../contract/pack-rules.ts";
import { savePack } from "../catalog/save-pack.ts";
import { parseMoney } from "../money.ts";
import { centsToMoney, moneyToCents } from "../contract/money-cents.ts";
import { createUser } from "../users/users.ts";
import type { Deps } from "../runtime/deps.ts";

export const uniqueEmail = (label = "player") => `${label}-${randomUUID().slice(0, 8)}@test.prizepacks.local`;

/**
 * A verified account with the given balance and one API key, its age confirmed (as the admin
 * CLI's are) unless `ageConfirmation: false`.
 */
export function createTestUser(
  services: Deps,
  { balance = "0.00", email = uniqueEmail(), ageConfirmation = true }: { balance?: string; email?: string; ageConfirmation?: boolean } = {},
) {
  return createUser(services, { email, balance: parseMoney(balance), ageConfirmation });
}

/** An item of a pack file (PackFileItemSchema), its chance given as tickets. */
export type TestPackItem = Omit<PackFileItemInput, "chance"> & {
  /** Of the 100,000. */
  tickets: number;
};

/** Three items worth about 90% of the price on average, so the pack passes the publishing rules. */
function defaultItems(price: string): TestPackItem[] {
  const cents = moneyToCents(price);
  return [
    {
      key: "jackpot",
      name: "Jackpot Watch",
      rarity: "LEGENDARY",
      value: centsToMoney(cents * 50n),
      image: "/images/test.svg",
      tickets: 100,
    },
    { key: "rare", name: "Rare Headphones", rarity: "RARE", value: centsToMoney(cents * 2n), image: "/images/test.svg", tickets: 9_900 },
    {
      key: "common",
      name: "Common Sticker",
      rarity: "COMMON",
      value: centsToMoney((cents * 72n) / 100n),
      image: "/images/test.svg",
      tickets: 90_000,
    },
  ];
}

/**
 * A pack of its own, with a random slug, saved the way every pack is (savePack: its rules, its
 * items, its first odds version), so `items` must return 80–98% of the price on average.
 */
export async function createTestPack(
  services: Deps,
  { price = "3.00", items = defaultItems(price), active = true }: { price?: string; items?: TestPackItem[]; active?: boolean } = {},
) {
  const db = services.database.prisma;
  const slug = `test-${randomUUID().slice(0, 8)}`;
  const saved = await savePack(services, CLI_ACTOR, {
    slug,
    name: `Test pack ${slug}`,
    description: "",
    image: "/images/test.svg",
    price,
    category: "TECH",
    rarityTheme: "SILVER",
    active,
    items: items.map(({ tickets, ...item }) => ({ ...item, chance: ticketsToChanceText(tickets) })),
  });
  return db.pack.findUniqueOrThrow({ where: { id: saved.packId }, include: { items: true } });
}

/**
 * The account's identity as verified by a demo check (what a player gets in demo mode with one
 * click): for tests of what comes after the check, such as withdrawals.
 */
export async function verifyIdentity(services: Deps, userId: string): Promise<void> {
  const verified = { provider: "demo", applicantId: `demo:${userId}`, status: "verified", reviewAnswer: "GREEN", statusAt: new Date() };
  await services.database.prisma.accountVerification.upsert({ where: { userId }, create: { userId, ...verified }, update: verified });
}
