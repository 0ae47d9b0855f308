export * from "../contract/statements.ts";
export { exportLedgerCsv, getMonthlyStatement, LEDGER_CSV_HEADER, monthOf } from "./statements.ts";
