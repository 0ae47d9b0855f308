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
    "Wagered (prices paid for openings), won (the items' values when won), net (won − wagered), deposits, withdrawals, item sales, operator adjustments and shipping fees, with the balance at the start and end of the month. Exact decimal strings. The web app also downloads the ledger of any range as CSV.",
  tags: ["Account"],
  errorResponses: { 400: "Malformed month (YYYY-MM)" },
});
