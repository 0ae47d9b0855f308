export * from "./draw.ts";
export * from "./odds.ts";
