import { z } from "zod";
import "./shared/input-messages.ts";
import { ErrorCodeSchema } from "./errors.ts";
import { PACK_CATEGORIES, RARITIES, RARITY_THEMES } from "./shared/catalog-labels.ts";
import { BATTLE_STATUSES, BattleLayoutSchema, WinRuleSchema } from "./battles/battle.schemas.ts";

// The public shapes of the service. Domain functions return exactly these; the API
// declares them as tRPC outputs and trpc-to-openapi documents them.

/** No NUL and no unpaired surrogate: PostgreSQL cannot store either (22021). */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}

/** Every free-text input starts here, so no request can reach the database with text it would refuse. */
export const StorableText = z.string().refine(isStorableText, "must not contain NUL characters or unpaired surrogates");

/** An id of ours (or a slug) as an input: opaque, at most 200 characters. */
export const IdSchema = StorableText.min(1).max(200);

export const MoneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Decimal amount as a string with two decimals.", example: "4.99" });

const RaritySchema = z
  .enum(RARITIES)
  .meta({ description: "COMMON, UNCOMMON, RARE, EPIC or LEGENDARY (lowest to highest).", example: "RARE" });
const Sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({
    description: "SHA-256, 64 lower-case hex characters.",
    example: "5f0e3b9c7d2a41e8b6c3f09a1d7e2b4c8a6f3e1d0b9c7a5e3f1d2c4b6a8e0f13",
  });
const ServerSeed = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({
    description: "32 random bytes as 64 lower-case hex characters.",
    example: "9b1c4e7a2d5f8036c1e4a7b0d3f6298c5e1a4d7b0c3f6e9a2d5b8c1e4f7a0d36",
  });
const Nonce = z.number().int().min(0);
const Ticket = z.number().int().min(1).max(100_000);
export const IsoTimestamp = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 timestamp (UTC).", example: "2026-11-23T12:00:00.000Z" });

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
    image: z.string().meta({ example: "/art/item/LEGENDARY/headphone.svg" }),
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
  })
  .meta({ id: "OpenResult" });
export type OpenResult = z.infer<typeof OpenResultSchema>;

export const AccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    balance: z.number().meta({ description: "Wallet balance (JSON number).", example: 100 }),
    balanceString: MoneyString.meta({ description: "The same balance as an exact decimal string." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof AccountSchema>;

export const FairnessStateSchema = z
  .object({
    serverSeedHash: Sha256Hex.meta({ description: "SHA-256 of the active, still secret server seed." }),
    clientSeed: z.string(),
    nonce: Nonce.meta({ description: "The nonce the next opening will use." }),
    nextServerSeedHash: Sha256Hex.meta({ description: "Commitment to the server seed that becomes active on rotate." }),
  })
  .meta({ id: "FairnessState" });
export type FairnessState = z.infer<typeof FairnessStateSchema>;

export const ClientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, "clientSeed must be 1-64 printable ASCII characters without spaces");

export const RotateResultSchema = z
  .object({
    previous: z.object({
      serverSeed: ServerSeed.meta({ description: "The retired server seed, now revealed: its SHA-256 is serverSeedHash." }),
      serverSeedHash: Sha256Hex,
      clientSeed: z.string(),
      nonce: Nonce.meta({ description: "Number of openings made with the retired pair (nonces 0 to nonce - 1)." }),
    }),
    current: z.object({
      serverSeedHash: Sha256Hex,
      clientSeed: z.string(),
      nonce: Nonce.max(0).meta({ description: "Always 0: the new pair is unused." }),
    }),
    nextServerSeedHash: Sha256Hex,
  })
  .meta({ id: "RotateResult" });
export type RotateResult = z.infer<typeof RotateResultSchema>;

const NextCursor = z.string().nullable().meta({ description: "Pass as cursor to get the next page; null on the last page." });

export const InventoryStatusSchema = z.enum(["HELD", "SOLD", "REDEEMING", "SHIPPED"]).meta({
  description: "HELD: can be sold or shipped. SOLD: sold back. REDEEMING: in a shipment not yet shipped. SHIPPED: shipped to the player.",
});

export const InventoryItemSchema = z
  .object({
    id: z.string().meta({ description: "Inventory item identifier; sell it with this." }),
    itemId: z.string().meta({ description: "The pack item that was won." }),
    packId: z.string(),
    packName: z.string().meta({ example: "Budget Tech Drop" }),
    name: z.string().meta({ example: "Wireless Earbuds" }),
    rarity: RaritySchema,
    value: MoneyString.meta({ description: "The item's value when it was won; selling credits exactly this." }),
    image: z.string(),
    status: InventoryStatusSchema,
    ships: z
      .boolean()
      .meta({ description: "Whether the item can be shipped; false (digital goods, or the operator's choice): it can only be sold." }),
    createdAt: IsoTimestamp,
    soldAt: IsoTimestamp.nullable(),
    spinId: z.string().nullable().meta({ description: "The opening that won the item (null: a battle won it)." }),
    battleId: z.string().nullable().meta({ description: "The battle that won the item (null: an opening did)." }),
  })
  .meta({ id: "InventoryItem" });
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

export const InventoryPageSchema = z
  .object({
    items: z.array(InventoryItemSchema).meta({ description: "Newest first." }),
    totalValue: MoneyString.meta({ description: "Sum of the values of all held items of the account, not only this page." }),
    heldCount: z.number().int().min(0).meta({ description: "Number of held items of the account." }),
    nextCursor: NextCursor,
  })
  .meta({ id: "InventoryPage" });
export type InventoryPage = z.infer<typeof InventoryPageSchema>;

/** How the held items grouped by item are ordered; the first is the default. */
export const INVENTORY_GROUP_SORTS = ["value-desc", "value-asc", "count", "name", "newest"] as const;
export const InventoryGroupSortSchema = z.enum(INVENTORY_GROUP_SORTS);
export type InventoryGroupSort = z.infer<typeof InventoryGroupSortSchema>;

export const InventoryGroupSchema = z
  .object({
    itemId: z.string().meta({ description: "The pack item held." }),
    packId: z.string(),
    packName: z.string().meta({ example: "Budget Tech Drop" }),
    name: z.string().meta({ example: "Wireless Earbuds" }),
    rarity: RaritySchema,
    image: z.string(),
    value: MoneyString.meta({ description: "The value of each held copy; selling one credits exactly this." }),
    count: z.number().int().min(1).meta({ description: "How many copies the account holds." }),
    ships: z.boolean().meta({ description: "Whether the item can be shipped (POST /v1/shipments); false: it can only be sold." }),
    totalValue: MoneyString.meta({ description: "value × count." }),
    newestAt: IsoTimestamp.meta({ description: "When the newest held copy was won." }),
    inventoryItemIds: z.array(z.string()).meta({
      description: "Ids of the held copies, oldest first, at most as many as one sale takes: sell them with POST /v1/inventory/sell.",
    }),
  })
  .meta({ id: "InventoryGroup" });
export type InventoryGroup = z.infer<typeof InventoryGroupSchema>;

export const InventoryGroupsSchema = z
  .object({
    groups: z.array(InventoryGroupSchema),
    totalValue: MoneyString.meta({ description: "Sum of the values of all held items of the account." }),
    heldCount: z.number().int().min(0).meta({ description: "Number of held items of the account." }),
  })
  .meta({ id: "InventoryGroups" });
export type InventoryGroups = z.infer<typeof InventoryGroupsSchema>;

export const SellResultSchema = z
  .object({
    sold: z.array(z.object({ id: z.string(), value: MoneyString })).meta({ description: "The sold items, in the order requested." }),
    total: MoneyString.meta({ description: "The amount credited: the sum of the sold items' values." }),
    balanceAfter: z.number().meta({ description: "Wallet balance after the credit (JSON number).", example: 134.01 }),
  })
  .meta({ id: "SellResult" });
export type SellResult = z.infer<typeof SellResultSchema>;

export const SpinHistoryEntrySchema = z
  .object({
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
  })
  .meta({ id: "SpinHistoryEntry" });
export type SpinHistoryEntry = z.infer<typeof SpinHistoryEntrySchema>;

export const HistoryPageSchema = z
  .object({ spins: z.array(SpinHistoryEntrySchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "HistoryPage" });
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

export const DepositStatusSchema = z
  .enum(["pending", "settled", "expired", "invalid"])
  .meta({ description: "pending until the payment settles (credited once), expires unpaid, or is invalid.", example: "pending" });

export const DepositSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01dep00001" }),
    status: DepositStatusSchema,
    amount: MoneyString.meta({ description: "What is credited when the payment settles.", example: "25.00" }),
    currency: z.string().meta({ example: "USD" }),
    checkoutUrl: z.string().nullable().meta({
      description: "Where the player pays (the BTCPay invoice's checkout page); null for a demo deposit.",
      example: "https://btcpay.example.com/i/7Xh2bQ",
    }),
    expiresAt: IsoTimestamp.nullable().meta({ description: "When the unpaid invoice expires." }),
    createdAt: IsoTimestamp,
    settledAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "Deposit" });
export type Deposit = z.infer<typeof DepositSchema>;

export const PayoutMethodIdSchema = z
  .enum(["BTC-CHAIN", "BTC-LN"])
  .meta({ description: "BTCPay's payout method: on-chain bitcoin or Lightning.", example: "BTC-CHAIN" });

export const PayoutDestinationSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01dst00001" }),
    payoutMethodId: PayoutMethodIdSchema,
    address: z.string().meta({ example: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
    label: z.string().meta({ example: "My hardware wallet" }),
    status: z
      .enum(["pending_confirmation", "confirmed"])
      .meta({ description: "pending_confirmation until the link mailed to the account is followed.", example: "confirmed" }),
    confirmedAt: IsoTimestamp.nullable(),
    usableAt: IsoTimestamp.nullable().meta({ description: "Withdrawals to it are accepted from then on (24 h after confirmation)." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "PayoutDestination" });
export type PayoutDestination = z.infer<typeof PayoutDestinationSchema>;

export const WithdrawalStateSchema = z.enum(["requested", "approved", "paying", "completed", "rejected", "failed"]).meta({
  description:
    "requested (reserved, waiting for approval), approved, paying (the payout is under way), completed; or rejected by an operator or failed at the payout, both with the amount given back.",
  example: "requested",
});

export const WithdrawalSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01wdr00001" }),
    state: WithdrawalStateSchema,
    amount: MoneyString.meta({ description: "Reserved from the wallet when requested.", example: "40.00" }),
    currency: z.string().meta({ example: "USD" }),
    payoutMethodId: PayoutMethodIdSchema,
    address: z.string().meta({ example: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
    reason: z.string().nullable().meta({ description: "Why it was rejected or failed.", example: null }),
    createdAt: IsoTimestamp,
    decidedAt: IsoTimestamp.nullable(),
    completedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "Withdrawal" });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalPageSchema = z
  .object({ withdrawals: z.array(WithdrawalSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "WithdrawalPage" });
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

export const DepositPageSchema = z
  .object({ deposits: z.array(DepositSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "DepositPage" });
export type DepositPage = z.infer<typeof DepositPageSchema>;

export const ApiKeySummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string().meta({ description: "The first characters of the key, safe to show.", example: "pp_live_AbCd" }),
    createdAt: IsoTimestamp,
    lastUsedAt: IsoTimestamp.nullable().meta({ description: "Updated at most about once a minute." }),
    revokedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "ApiKeySummary" });
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

export const NewApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string(),
    apiKey: z.string().meta({ description: "The whole key. Shown once: only its hash is stored." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "NewApiKey" });
export type NewApiKey = z.infer<typeof NewApiKeySchema>;

export const ErrorResponseSchema = z
  .object({
    message: z.string().meta({ example: "Insufficient balance: the pack costs $4.99, the wallet holds $1.20." }),
    code: ErrorCodeSchema,
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
    retryAfter: z.number().int().min(0).optional().meta({ description: "With 429: seconds to wait (also in Retry-After)." }),
    requestId: z.string().optional().meta({
      description: "With 5xx: the request's id (also in X-Request-Id), to quote when reporting it.",
      example: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
    }),
    kind: z
      .string()
      .optional()
      .meta({ description: "With LIMIT_REACHED: deposit, wager or loss. With EXCLUDED: timeout or self_exclusion." }),
    period: z
      .string()
      .optional()
      .meta({ description: "With LIMIT_REACHED: day, week or month. With EXCLUDED: 24h, 7d, 30d, 6w, 6m, 1y, 5y or permanent." }),
    resetsAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With LIMIT_REACHED: the earliest moment the same request would pass if nothing else changes (null: never)." }),
    endsAt: z.string().nullable().optional().meta({ description: "With EXCLUDED: when the exclusion ends (null: permanent)." }),
    resumesAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With EXCLUDED after a self-exclusion ended: when play resumes (null: not asked yet)." }),
  })
  .meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

// Shipping: saved addresses, quotes and shipments of won items.

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code in upper case, like "US"')
  .meta({ description: "ISO 3166-1 alpha-2 country code.", example: "US" });

export const AddressSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01adr00001" }),
    name: z.string().meta({ example: "Jane Doe" }),
    line1: z.string().meta({ example: "1 Main St" }),
    line2: z.string().nullable(),
    city: z.string().meta({ example: "Springfield" }),
    region: z.string().nullable().meta({ example: "IL" }),
    postalCode: z.string().nullable().meta({ example: "62701" }),
    country: CountryCode,
    phone: z.string().nullable().meta({ example: "+1 555 0100" }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "Address", description: "A saved postal address, shown only to its owner (and admins)." });
export type Address = z.infer<typeof AddressSchema>;

export const ShipmentStateSchema = z.enum(["REQUESTED", "APPROVED", "SHIPPED", "DELIVERED", "REJECTED", "CANCELLED", "RETURNED"]).meta({
  description:
    "REQUESTED (the player can cancel) → APPROVED → SHIPPED → DELIVERED or RETURNED; REJECTED (by the operator, with a reason) or CANCELLED return the items and the fee.",
});
export type ShipmentState = z.infer<typeof ShipmentStateSchema>;

const ShipmentCore = z.object({
  id: z.string().meta({ example: "cmf3k2x7a0001pp01shp00001" }),
  state: ShipmentStateSchema,
  fee: MoneyString.meta({ description: "The flat fee debited for the shipment (refunded if cancelled or rejected).", example: "9.99" }),
  country: CountryCode,
  addressId: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string(), value: MoneyString })).meta({ description: "The inventory items shipped." }),
  carrier: z.string().nullable().meta({ example: "UPS" }),
  trackingNumber: z.string().nullable().meta({ example: "1Z999AA10123456784" }),
  trackingUrl: z.string().nullable().meta({ description: "The carrier's tracking page, where the carrier is known." }),
  reason: z.string().nullable().meta({ description: "With REJECTED: why." }),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const ShipmentEventDataSchema = ShipmentCore.meta({
  id: "ShipmentEventData",
  description: "A shipment as its events carry it: without the address.",
});
export type ShipmentEventData = z.infer<typeof ShipmentEventDataSchema>;

export const ShipmentSchema = ShipmentCore.extend({
  address: AddressSchema.omit({ id: true, createdAt: true }).meta({ description: "Where it goes, as it was when requested." }),
}).meta({ id: "Shipment" });
export type Shipment = z.infer<typeof ShipmentSchema>;

export const ShipmentPageSchema = z
  .object({ shipments: z.array(ShipmentSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "ShipmentPage" });
export type ShipmentPage = z.infer<typeof ShipmentPageSchema>;

export const ShippingQuoteSchema = z
  .object({
    country: CountryCode,
    fee: MoneyString.meta({ description: "The flat fee for one shipment to the country, however many items.", example: "9.99" }),
  })
  .meta({ id: "ShippingQuote" });
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>;

// The events of an account (GET /v1/events and webhooks) and the public drop feed (GET /v1/drops).
// Each event's data is what the matching REST call returned, where there is one.

const EventId = z
  .string()
  .regex(/^\d{1,19}$/)
  .meta({
    description:
      "The event's id: a 64-bit integer as a string, increasing with every event of the account. Resume after it with Last-Event-ID.",
    example: "18342",
  });

// ---------------------------------------------------------------------------
// Battles (battle/v1)
// ---------------------------------------------------------------------------

const DrawSchema = z.object({
  seat: z.number().int(),
  hash: z.string().meta({ description: "hmacSha256Hex(G, `draw|<round>|<seat>`)." }),
  ticket: z.number().int(),
  itemId: z.string(),
  value: MoneyString,
});

const PayoutItemSchema = z.object({ round: z.number().int(), seat: z.number().int(), itemId: z.string(), value: MoneyString });

export const BattleSchema = z
  .object({
    id: z.string(),
    status: z.enum(BATTLE_STATUSES),
    layout: BattleLayoutSchema,
    winRule: WinRuleSchema,
    terminal: z.boolean(),
    entry: MoneyString.meta({ description: "What one seat pays: the sum of the rounds' pack prices." }),
    commitment: z.string().meta({ description: "C = sha256Hex(serverSeed), published at creation." }),
    spec: z.string().meta({ description: "The canonical (RFC 8785) spec; it never changes." }),
    specHash: z.string(),
    serverSeed: z.string().nullable().meta({ description: "Revealed once the battle is settled." }),
    lockKey: z.string().nullable().meta({ description: "K, set when the last seat fills." }),
    beacon: z.object({
      kind: z.enum(["drand", "local"]).meta({ description: "local: the service's own beacon (demo mode and tests), not drand." }),
      round: z.number().int().nullable().meta({ description: "R: the beacon round current at lock, plus 2." }),
      randomness: z.string().nullable(),
      signature: z.string().nullable(),
    }),
    seats: z.array(
      z.object({
        seat: z.number().int(),
        team: z.number().int(),
        clientSeed: z.string(),
        bot: z.boolean(),
        player: z.string().nullable().meta({ description: "The player's name masked to its first letter; null for a bot." }),
        you: z.boolean().meta({ description: "The seat is the caller's." }),
      }),
    ),
    rounds: z.array(
      z.object({
        round: z.number().int(),
        packId: z.string(),
        oddsVersion: z.number().int(),
        oddsHash: z.string(),
        price: MoneyString,
        odds: z
          .array(z.object({ itemId: z.string(), ticketFrom: z.number().int(), ticketTo: z.number().int(), value: MoneyString }))
          .meta({ description: "The odds version's ranges with the item values the battle counts (fixed at creation)." }),
        draws: z.array(DrawSchema).meta({ description: "Empty until settled." }),
      }),
    ),
    totals: z.array(MoneyString).nullable().meta({ description: "Per team, once settled." }),
    winnerTeam: z.number().int().nullable(),
    payouts: z
      .array(z.object({ seat: z.number().int(), value: MoneyString, items: z.array(PayoutItemSchema) }))
      .nullable()
      .meta({ description: "The winning team's split, once settled (a bot's share stays with the house)." }),
    createdAt: IsoTimestamp,
    lockedAt: IsoTimestamp.nullable(),
    settledAt: IsoTimestamp.nullable(),
    cancelledAt: IsoTimestamp.nullable(),
  })
  .meta({
    id: "Battle",
    description: "A pack battle. A settled battle's answer is its whole battle/v1 proof (verifyBattle in @prizepacks/fairness).",
  });
export type Battle = z.infer<typeof BattleSchema>;

export const BattleListSchema = z.object({ battles: z.array(BattleSchema) }).meta({ id: "BattleList" });

function accountEvent<Type extends string, Data extends z.ZodType>(id: string, type: Type, data: Data, description: string) {
  return z.object({ id: EventId, type: z.literal(type), createdAt: IsoTimestamp, data }).meta({ id, description });
}

export const OpenCompletedEventSchema = accountEvent(
  "OpenCompletedEvent",
  "open.completed",
  OpenResultSchema,
  "An opening completed; data is the open response.",
);
export const ItemSoldEventSchema = accountEvent(
  "ItemSoldEvent",
  "item.sold",
  z.object({
    sold: z.array(z.object({ id: z.string(), value: MoneyString })),
    total: MoneyString,
    balanceAfter: z.number().meta({ description: "Wallet balance after the credit (JSON number).", example: 134.01 }),
  }),
  "Inventory items were sold; data is the sale response.",
);
export const WalletChangedEventSchema = accountEvent(
  "WalletChangedEvent",
  "wallet.changed",
  z.object({
    balance: z.number().meta({ description: "The new wallet balance (JSON number).", example: 95.01 }),
    balanceString: MoneyString.meta({ description: "The same balance as an exact decimal string." }),
    amount: MoneyString.meta({ description: "Signed: negative for debits (openings).", example: "-4.99" }),
    reason: LedgerKindSchema,
    note: z.string().optional(),
    spinId: z.string().optional().meta({ description: "With PACK_OPEN: the opening." }),
    battleId: z.string().optional().meta({ description: "With BATTLE_ENTRY and BATTLE_REFUND: the battle." }),
  }),
  "The wallet balance changed (deposit, opening, sale or adjustment).",
);
export const SeedRotatedEventSchema = accountEvent(
  "SeedRotatedEvent",
  "seed.rotated",
  RotateResultSchema,
  "The seed pair was rotated; data is the rotate response.",
);
export const KeyRevokedEventSchema = accountEvent(
  "KeyRevokedEvent",
  "key.revoked",
  z.object({ id: z.string(), name: z.string(), start: z.string(), revokedAt: IsoTimestamp }),
  "An API key of the account was revoked. A stream opened with that key ends after this event.",
);

export const DepositSettledEventSchema = accountEvent(
  "DepositSettledEvent",
  "deposit.settled",
  DepositSchema,
  "A deposit's payment settled and its amount was credited (a wallet.changed event follows in the same moment); data is the deposit.",
);

export const WithdrawalRequestedEventSchema = accountEvent(
  "WithdrawalRequestedEvent",
  "withdrawal.requested",
  WithdrawalSchema,
  "A withdrawal was requested and its amount reserved (a wallet.changed event follows in the same moment); data is the withdrawal.",
);
export const WithdrawalApprovedEventSchema = accountEvent(
  "WithdrawalApprovedEvent",
  "withdrawal.approved",
  WithdrawalSchema,
  "A withdrawal was approved (by an operator, or automatically under the operator's amount) and will be paid; data is the withdrawal.",
);
export const WithdrawalCompletedEventSchema = accountEvent(
  "WithdrawalCompletedEvent",
  "withdrawal.completed",
  WithdrawalSchema,
  "A withdrawal's payout completed; data is the withdrawal.",
);
export const WithdrawalRejectedEventSchema = accountEvent(
  "WithdrawalRejectedEvent",
  "withdrawal.rejected",
  WithdrawalSchema,
  "An operator rejected a withdrawal (reason says why) and its amount was given back (a wallet.changed event follows); data is the withdrawal.",
);
export const WithdrawalFailedEventSchema = accountEvent(
  "WithdrawalFailedEvent",
  "withdrawal.failed",
  WithdrawalSchema,
  "A withdrawal's payout failed or was cancelled and its amount was given back (a wallet.changed event follows); data is the withdrawal.",
);
export const ShipmentRequestedEventSchema = accountEvent(
  "ShipmentRequestedEvent",
  "shipment.requested",
  ShipmentEventDataSchema,
  "A shipment was requested: its fee was debited (a wallet.changed event follows) and its items are REDEEMING.",
);
export const ShipmentApprovedEventSchema = accountEvent(
  "ShipmentApprovedEvent",
  "shipment.approved",
  ShipmentEventDataSchema,
  "The operator approved a shipment.",
);
export const ShipmentShippedEventSchema = accountEvent(
  "ShipmentShippedEvent",
  "shipment.shipped",
  ShipmentEventDataSchema,
  "A shipment was handed to its carrier: carrier, trackingNumber and trackingUrl are set.",
);
export const ShipmentDeliveredEventSchema = accountEvent(
  "ShipmentDeliveredEvent",
  "shipment.delivered",
  ShipmentEventDataSchema,
  "A shipment was delivered.",
);
export const ShipmentRejectedEventSchema = accountEvent(
  "ShipmentRejectedEvent",
  "shipment.rejected",
  ShipmentEventDataSchema,
  "The operator rejected a shipment (reason): its items are HELD again and its fee refunded (a wallet.changed event follows).",
);
export const ShipmentCancelledEventSchema = accountEvent(
  "ShipmentCancelledEvent",
  "shipment.cancelled",
  ShipmentEventDataSchema,
  "A shipment was cancelled: its items are HELD again and its fee refunded (a wallet.changed event follows).",
);
export const ShipmentReturnedEventSchema = accountEvent(
  "ShipmentReturnedEvent",
  "shipment.returned",
  ShipmentEventDataSchema,
  "A shipped parcel came back to the operator: its items are HELD again; the fee is not refunded.",
);

export const BattleJoinedEventSchema = accountEvent(
  "BattleJoinedEvent",
  "battle.joined",
  BattleSchema,
  "A seat of a battle you sit in was taken (or freed); data is the battle.",
);
export const BattleLockedEventSchema = accountEvent(
  "BattleLockedEvent",
  "battle.locked",
  BattleSchema,
  "A battle you sit in filled: its lockKey K and beacon round R are set, before R exists; data is the battle.",
);
export const BattleSettledEventSchema = accountEvent(
  "BattleSettledEvent",
  "battle.settled",
  BattleSchema,
  "A battle you sit in settled: data is the battle with its whole proof; the winners' items are in their inventories.",
);
export const BattleCancelledEventSchema = accountEvent(
  "BattleCancelledEvent",
  "battle.cancelled",
  BattleSchema,
  "A battle you sat in was cancelled (or you left it) and your entry refunded (a wallet.changed event follows); data is the battle.",
);

export const AccountEventSchema = z
  .discriminatedUnion("type", [
    OpenCompletedEventSchema,
    ItemSoldEventSchema,
    WalletChangedEventSchema,
    SeedRotatedEventSchema,
    KeyRevokedEventSchema,
    DepositSettledEventSchema,
    WithdrawalRequestedEventSchema,
    WithdrawalApprovedEventSchema,
    WithdrawalCompletedEventSchema,
    WithdrawalRejectedEventSchema,
    WithdrawalFailedEventSchema,
    ShipmentRequestedEventSchema,
    ShipmentApprovedEventSchema,
    ShipmentShippedEventSchema,
    ShipmentDeliveredEventSchema,
    ShipmentRejectedEventSchema,
    ShipmentCancelledEventSchema,
    ShipmentReturnedEventSchema,
    BattleJoinedEventSchema,
    BattleLockedEventSchema,
    BattleSettledEventSchema,
    BattleCancelledEventSchema,
  ])
  .meta({ id: "AccountEvent", description: "One event of the account: its SSE `event:` field and its `type` are the same." });

export const DropSchema = z
  .object({
    id: EventId,
    at: IsoTimestamp,
    player: z.string().meta({ description: "The player's name masked to its first letter.", example: "J***" }),
    pack: z.object({ id: z.string(), slug: z.string(), name: z.string(), price: MoneyString }),
    item: z.object({ id: z.string(), name: z.string(), rarity: RaritySchema, value: MoneyString, image: z.string() }),
  })
  .meta({ id: "Drop", description: "A public opening, as the drop feed shows it." });
