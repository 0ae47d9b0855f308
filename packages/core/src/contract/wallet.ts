import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor } from "./fields.ts";

export const WalletBalanceSchema = z
  .object({
    balance: z.number().meta({ description: "Wallet balance (JSON number).", example: 100 }),
    balanceString: MoneyString.meta({ description: "The same balance as an exact decimal string." }),
    pendingWithdrawals: MoneyString.meta({
      description:
        "Withdrawals requested and not yet paid or given back: already taken from the balance (reserved), shown so the player sees where it went.",
      example: "0.00",
    }),
  })
  .meta({ id: "WalletBalance" });
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

export const LedgerKindSchema = z.enum([
  "DEPOSIT",
  "PACK_OPEN",
  "ITEM_SALE",
  "ADJUSTMENT",
  "WITHDRAWAL",
  "WITHDRAWAL_RETURN",
  "SHIPPING_FEE",
  "SHIPPING_REFUND",
  "BATTLE_ENTRY",
  "BATTLE_REFUND",
  "EXCHANGE",
  "REWARD",
]);

export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    kind: LedgerKindSchema,
    amount: MoneyString.meta({ description: "Signed: negative for debits (openings).", example: "-4.99" }),
    balanceAfter: z.number().meta({ description: "The wallet balance right after this entry (JSON number).", example: 95.01 }),
    createdAt: IsoTimestamp,
    note: z.string().nullable(),
    spinId: z.string().nullable().meta({ description: "With PACK_OPEN: the opening." }),
    inventoryItemId: z.string().nullable().meta({ description: "With ITEM_SALE: the sold item." }),
  })
  .meta({ id: "LedgerEntry" });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const LedgerPageSchema = z
  .object({ entries: z.array(LedgerEntrySchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "LedgerPage" });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;
