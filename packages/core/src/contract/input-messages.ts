import { z } from "zod";

// Zod's default messages ("Too small: expected string to have >=1 characters") reach players in
// forms and bots in 400 bodies. This says the same in plain words, once, for every schema that
// does not carry its own message (a schema's own message always wins). It is installed when this
// module loads, which every schema of ours does through contract/fields.ts, on the server and in the browser.

type Issue = z.core.$ZodRawIssue;

const plural = (count: unknown, one: string, many: string) => (Number(count) === 1 ? one : many);
const A_OR_AN: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  bigint: "a whole number",
  date: "a date",
};

/** The plain-words message for one of Zod's issues, or undefined to keep Zod's own. */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "too_small": {
      const min = issue.minimum;
      if (issue.origin === "string") return Number(min) <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (issue.origin === "array" || issue.origin === "set")
        return Number(min) <= 1 ? "must not be empty" : `must have at least ${min} entries`;
      return issue.inclusive ? `must be at least ${min}` : `must be more than ${min}`;
    }
    case "too_big": {
      const max = issue.maximum;
      if (issue.origin === "string") return `must be at most ${max} ${plural(max, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set") return `must have at most ${max} ${plural(max, "entry", "entries")}`;
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return `must be ${A_OR_AN[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      return issue.values.length === 1 ? `must be ${String(issue.values[0])}` : `must be one of ${issue.values.map(String).join(", ")}`;
    case "invalid_format":
      if (issue.format === "email") return "must be an e-mail address";
      if (issue.format === "url") return "must be a URL";
      if (issue.format === "datetime") return "must be a date and time such as 2026-11-24T12:00:00Z";
      if (issue.format === "date") return "must be a date such as 2026-11-24";
      return "is not in the expected format";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `${plural(issue.keys.length, "is an unknown field", "are unknown fields")}: ${issue.keys.join(", ")}`;
    default:
      return undefined;
  }
}

z.config({ customError: plainIssueMessage });
