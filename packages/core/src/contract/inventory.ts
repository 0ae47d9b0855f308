import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor, RaritySchema } from "./fields.ts";

export const InventoryStatusSchema = z.enum(["HELD", "SOLD", "REDEEMING", "SHIPPED", "UPGRADED", "EXCHANGED"]).meta({
  description:
    "HELD: can be sold, shipped, upgraded or exchanged. SOLD: sold back. REDEEMING: in a shipment not yet shipped. SHIPPED: shipped to the player. UPGRADED: staked in an upgrade. EXCHANGED: given in an exchange.",
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
    spinId: z.string().nullable().meta({ description: "The opening that won the item (null: a battle, an upgrade or an exchange)." }),
    battleId: z.string().nullable().meta({ description: "The battle that won the item (null: an opening, an upgrade or an exchange)." }),
    upgradeId: z.string().nullable().meta({ description: "The upgrade that won the item (null: it came otherwise)." }),
    exchangeId: z.string().nullable().meta({ description: "The exchange that gave the item (null: it came otherwise)." }),
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
