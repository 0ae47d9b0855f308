/** Where an inventory item's "Ship it" leads: the shipping form with these inventory items ticked. */
export const shipItHref = (inventoryItemIds: string[]) => `/shipments/new?items=${inventoryItemIds.map(encodeURIComponent).join(",")}`;
