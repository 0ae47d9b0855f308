import { MonthlyStatementInputSchema, MonthlyStatementSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const getStatementInput = MonthlyStatementInputSchema;
export const getStatementOutput = MonthlyStatementSchema;
export const getStatementMeta = restMeta({
  method: "GET",
  path: "/v1/me/statements",
  operationId: "me-statements-get",
  summary: "The account's statement for one calendar month (UTC)",
  description:
    "Wagered (what every game cost: pack openings and battle entries less entries given back, with battles its battles' part), won (the values of the items won in openings and battles, when won), net (won − wagered), deposits, withdrawals, item sales, operator adjustments and shipping fees, with the balance at the start and end of the month. Exact decimal strings. Since 2026-11-28 wagered, won and net include battles (wagered counted openings only, and battles was a line of its own). The web app also downloads the ledger of any range as CSV.",
  tags: ["Account"],
  errorResponses: { 400: "Malformed month (YYYY-MM)" },
});
