export * from "../contract/wallet.ts";
export { creditWallet, getBalance, getWalletBalance } from "./wallet.ts";
export { listLedgerEntries, LEDGER_PAGE_SIZE } from "./list-ledger-entries.ts";
export { depositDemoFunds, DEMO_DEPOSIT_MAX } from "./deposit-demo-funds.ts";
