export * from "./beacon.ts";
export * from "./draw.ts";
export * from "./odds.ts";
export * from "./battle.ts";
export * from "./battle-protocol.ts";
export * from "./upgrade.ts";
