import { z } from "zod";
import { PACK_CATEGORIES, RARITY_THEMES } from "./catalog-labels.ts";
import { MoneyString, RaritySchema, Sha256Hex, Ticket } from "./fields.ts";

export const PackSummarySchema = z
  .object({
    id: z.string().meta({ description: "Pack identifier (opaque string).", example: "cmf3k2x7a0001pp01demo0001" }),
    slug: z.string().meta({ description: "URL-safe pack name; usable in place of id in paths.", example: "budget-tech-drop" }),
    name: z.string().meta({ example: "Budget Tech Drop" }),
    image: z
      .string()
      .meta({ description: "Relative path to the pack image.", example: "/art/pack/SILVER/headphone,watch,speaker-high-volume.svg" }),
    price: MoneyString,
    category: z.enum(PACK_CATEGORIES).meta({ description: "What the pack holds.", example: "TECH" }),
    rarityTheme: z.enum(RARITY_THEMES).meta({ description: "The pack's colour theme.", example: "SILVER" }),
    maxItemValue: z.number().meta({ description: "Highest item value in the pack (JSON number).", example: 349.99 }),
    spinCount: z.number().int().min(0).meta({ description: "Number of times the pack has been opened.", example: 1280 }),
  })
  .meta({ id: "PackSummary" });
export type PackSummary = z.infer<typeof PackSummarySchema>;

export const PackItemSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ example: "Wireless Earbuds" }),
    rarity: RaritySchema,
    value: MoneyString,
    image: z.string().meta({
      description:
        "Relative path to the item's picture: its photo, a 256 px square WebP (/media/items/<hash>-256.webp; -128 and -512 beside it), or, without one, its drawn art.",
      example: "/art/item/LEGENDARY/headphone.svg",
    }),
    chance: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: "Drop chance in percent, at most 3 decimals; chances sum to 100.", example: 4.85 }),
    ticketFrom: Ticket.meta({ description: "First winning ticket (1..100000).", example: 151 }),
    ticketTo: Ticket.meta({ description: "Last winning ticket; the range holds chance × 1000 tickets.", example: 5000 }),
  })
  .meta({ id: "PackItem" });
export type PackItem = z.infer<typeof PackItemSchema>;

export const PackDetailSchema = PackSummarySchema.extend({
  description: z.string(),
  oddsHash: Sha256Hex.meta({
    description:
      'SHA-256 (hex) of the canonical odds table: the JSON array of `[itemId, ticketFrom, ticketTo]` rows ordered by ticketFrom, without any whitespace, e.g. `[["cmf…a",1,150],["cmf…b",151,5000]]`.',
  }),
  oddsVersion: z.number().int().min(1).meta({ description: "Version of the odds table; changes whenever items or chances change." }),
  expectedValue: MoneyString.meta({ description: "Sum of value × chance: the average value of one opening." }),
  beatPriceChance: z.number().min(0).max(100).meta({
    description: "Chance in percent (at most 3 decimals) that one opening wins an item worth more than the price.",
    example: 12.5,
  }),
  items: z.array(PackItemSchema).meta({ description: "Ordered by ticketFrom; ranges cover exactly 1..100000." }),
}).meta({ id: "PackDetail" });
export type PackDetail = z.infer<typeof PackDetailSchema>;
