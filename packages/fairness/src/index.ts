export * from "./beacon.ts";
export * from "./draw.ts";
export * from "./odds.ts";
