export * from "../contract/history.ts";
export { listSpinHistory, summarizeSpinHistory, HISTORY_PAGE_SIZE } from "./list-spin-history.ts";
