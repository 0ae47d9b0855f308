export * from "../contract/statements.ts";
export { exportLedgerCsv, getMonthlyStatement, getPlayerSummary, LEDGER_CSV_HEADER, monthOf, type PlayerSummary } from "./statements.ts";
