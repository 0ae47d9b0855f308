export * from "../contract/open.ts";
export { drawOpening, openPack } from "./open-pack.ts";
export type { OpenPackArgs } from "./open-pack.ts";
