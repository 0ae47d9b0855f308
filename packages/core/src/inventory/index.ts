export * from "../contract/inventory.ts";
export { listInventory, INVENTORY_PAGE_SIZE } from "./list-inventory.ts";
export { listInventoryGroups } from "./list-inventory-groups.ts";
export { sellInventoryItems, MAX_ITEMS_PER_SALE } from "./sell-inventory-items.ts";
