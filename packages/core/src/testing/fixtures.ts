import { randomUUID } from "node:crypto";
import type { Db } from "@prizepacks/db";
import type { CatalogItem } from "@prizepacks/db/seed";
import { createPack } from "../catalog/create-pack.ts";
import { parseMoney } from "../money.ts";
import { createUser } from "../users/users.ts";

export const uniqueEmail = (label = "player") => `${label}-${randomUUID().slice(0, 8)}@test.prizepacks.local`;

/** A verified account with the given balance and one API key. */
export function createTestUser(db: Db, { balance = "0.00", email = uniqueEmail() }: { balance?: string; email?: string } = {}) {
  return createUser(db, { email, balance: parseMoney(balance) });
}

const defaultItems: CatalogItem[] = [
  { key: "jackpot", name: "Jackpot Watch", rarity: "LEGENDARY", value: "500.00", image: "/images/test.svg", tickets: 100 },
  { key: "rare", name: "Rare Headphones", rarity: "RARE", value: "20.00", image: "/images/test.svg", tickets: 9_900 },
  { key: "common", name: "Common Sticker", rarity: "COMMON", value: "1.50", image: "/images/test.svg", tickets: 90_000 },
];

/** An active pack of its own, with a random slug. */
export function createTestPack(db: Db, { price = "3.00", items = defaultItems, active = true } = {}) {
  const slug = `test-${randomUUID().slice(0, 8)}`;
  return createPack(db, {
    slug,
    name: `Test pack ${slug}`,
    description: "",
    image: "/images/test.svg",
    price,
    category: "TECH",
    rarityTheme: "SILVER",
    active,
    items,
  });
}
