import type { z } from "zod";
import { AppError, type InputIssue } from "./errors.ts";
import "./contract/input-messages.ts";

/** Zod's issues, one per field, in plain words (contract/input-messages.ts): "limit: must be at most 100". */
export function describeInputIssues(error: z.ZodError): InputIssue[] {
  const issues: InputIssue[] = [];
  const seenPaths = new Set<string>();
  for (const issue of error.issues) {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key)));
    const field = path.join(".");
    if (seenPaths.has(field)) continue;
    seenPaths.add(field);
    issues.push({ path, message: issue.message });
  }
  return issues;
}

export function inputIssuesMessage(issues: InputIssue[]): string {
  const message = issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
  return message || "Invalid input.";
}

/**
 * A domain function's input, parsed with the schema its procedure declares as `.input()`: through
 * the API the input has already passed it; from the CLI or a test it meets the same rules and
 * gets the same 400 (message and issues) a procedure's input would.
 */
export function parseInputOrThrow<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = describeInputIssues(parsed.error);
  throw new AppError("BAD_REQUEST", inputIssuesMessage(issues), { issues });
}
