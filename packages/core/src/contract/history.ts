import { z } from "zod";
import { IsoTimestamp, LeafIndex, MoneyString, NextCursor, Nonce, RaritySchema, ServerSeed, Sha256Hex, Ticket } from "./fields.ts";
import { UpgradeEntrySchema } from "./upgrades.ts";

export const SpinHistoryEntrySchema = z
  .object({
    kind: z.enum(["open", "daily"]).meta({
      description:
        "open: an opening paid for; daily: the daily case's free opening (price 0.00), drawn and verified the same way. Upgrades are in `upgrades`, kind upgrade.",
    }),
    id: z.string().meta({ description: "The spin (opening) identifier." }),
    createdAt: IsoTimestamp,
    pack: z.object({ id: z.string(), slug: z.string(), name: z.string(), image: z.string() }),
    item: z.object({ id: z.string(), name: z.string(), rarity: RaritySchema, value: MoneyString, image: z.string() }),
    price: MoneyString.meta({ description: "The price paid for the opening." }),
    inventoryItemId: z.string(),
    fairness: z.object({
      serverSeedHash: Sha256Hex,
      serverSeed: ServerSeed.nullable().meta({
        description: "The server seed, revealed once its seed pair is retired (POST /v1/fairness/rotate); null while it is active.",
      }),
      clientSeed: z.string(),
      nonce: Nonce,
      hash: Sha256Hex.meta({ description: "HMAC-SHA256(serverSeed, clientSeed + ':' + nonce), hex." }),
      result: Ticket.meta({ description: "The drawn ticket, 1..100000." }),
      oddsHash: Sha256Hex.meta({ description: "SHA-256 of the canonical odds table this draw used." }),
      oddsVersion: z.number().int().min(1),
    }),
    leafIndex: LeafIndex,
  })
  .meta({ id: "SpinHistoryEntry" });
export type SpinHistoryEntry = z.infer<typeof SpinHistoryEntrySchema>;

export const HistoryPageSchema = z
  .object({
    spins: z.array(SpinHistoryEntrySchema).meta({ description: "The page's openings, newest first." }),
    upgrades: z.array(UpgradeEntrySchema).meta({
      description:
        "The page's upgrades, newest first (none with packId). Openings and upgrades take the nonces of one seed pair in turn: together, sorted by nonce, they are every nonce of the pair.",
    }),
    nextCursor: NextCursor,
  })
  .meta({
    id: "HistoryPage",
    description: "One page of what used the account's seed pairs: openings and upgrades together, newest first, `limit` of them in all.",
  });
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const HistorySummarySchema = z
  .object({
    openings: z.number().int().min(0).meta({ description: "Packs opened." }),
    battles: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Battles entered and not given back (cancelled, or left before lock); 0 with a packId." }),
    paid: MoneyString.meta({ description: "What the games cost: prices paid for openings, battle entries less entries given back." }),
    won: MoneyString.meta({ description: "Sum of the values of the items won (in openings and battles), each at the moment it was won." }),
    net: MoneyString.meta({ description: "won − paid: negative when the games cost more than they returned.", example: "-3.21" }),
  })
  .meta({
    id: "HistorySummary",
    description:
      "Totals over every game the account played: openings and battles. With packId, over that pack's openings only (a battle is of several packs).",
  });
export type HistorySummary = z.infer<typeof HistorySummarySchema>;
