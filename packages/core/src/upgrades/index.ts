export * from "../contract/upgrades.ts";
export { listUpgradeTargets, ListUpgradeTargetsInputSchema, UPGRADE_TARGETS_PAGE_SIZE } from "./upgrade-targets.ts";
export type { ListUpgradeTargetsInput } from "./upgrade-targets.ts";
export { quoteUpgrade, upgradeItems, UpgradeInputSchema } from "./upgrade-items.ts";
export type { UpgradeInput } from "./upgrade-items.ts";
export { getUpgrade, listUpgrades, UPGRADES_PAGE_SIZE } from "./list-upgrades.ts";
export { exchangeItems, ExchangeInputSchema, exchangeRemainderCents } from "./exchange-items.ts";
export type { ExchangeInput } from "./exchange-items.ts";
