import { z } from "zod";
import { LeafIndex, MoneyString, Nonce, RaritySchema, Sha256Hex, Ticket } from "./fields.ts";

export const OpenResultSchema = z
  .object({
    spin: z.object({
      id: z.string(),
      packId: z.string(),
      itemId: z.string(),
      nonce: Nonce,
      result: Ticket.meta({ description: "The drawn ticket, 1..100000." }),
    }),
    item: z.object({ id: z.string(), name: z.string(), rarity: RaritySchema, value: MoneyString, image: z.string() }),
    inventoryItem: z.object({ id: z.string(), itemId: z.string(), value: MoneyString }),
    balanceAfter: z.number().meta({ description: "Wallet balance after the debit (JSON number).", example: 95.01 }),
    fairness: z.object({
      serverSeedHash: Sha256Hex.meta({ description: "SHA-256 of the server seed used (revealed on rotate)." }),
      clientSeed: z.string(),
      nonce: Nonce.meta({ description: "Equal to spin.nonce." }),
      hash: Sha256Hex.meta({ description: "HMAC-SHA256(serverSeed, clientSeed + ':' + nonce), hex." }),
      oddsHash: Sha256Hex.meta({ description: "SHA-256 of the canonical odds table this draw used." }),
      oddsVersion: z.number().int().min(1),
    }),
    leafIndex: LeafIndex,
  })
  .meta({ id: "OpenResult" });
export type OpenResult = z.infer<typeof OpenResultSchema>;
