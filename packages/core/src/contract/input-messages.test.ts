import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeInputIssues } from "../parse-input.ts";

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return describeInputIssues(parsed.error).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("plain-words input messages", () => {
  it("say what a field must be, never Zod's own wording", () => {
    const schema = z.strictObject({
      name: z.string().min(1).max(40),
      code: z.string().min(3),
      ids: z.array(z.string()).min(1).max(2),
      count: z.number().int().min(1).max(100),
      kind: z.enum(["loss", "wager"]),
      email: z.email(),
      at: z.iso.datetime(),
      flag: z.boolean(),
    });
    expect(
      messagesOf(schema, { name: "", code: "ab", ids: [], count: 101, kind: "fun", email: "nope", at: "soon", flag: "yes", extra: 1 }),
    ).toEqual([
      "name: must not be empty",
      "code: must be at least 3 characters",
      "ids: must not be empty",
      "count: must be at most 100",
      "kind: must be one of loss, wager",
      "email: must be an e-mail address",
      "at: must be a date and time such as 2026-11-24T12:00:00Z",
      "flag: must be true or false",
      ": is an unknown field: extra",
    ]);
    expect(messagesOf(schema.pick({ name: true }), {})).toEqual(["name: is required"]);
    expect(messagesOf(z.object({ name: z.string().max(3) }), { name: "long" })).toEqual(["name: must be at most 3 characters"]);
    expect(messagesOf(z.object({ n: z.number() }), { n: "1" })).toEqual(["n: must be a number"]);
  });

  it("leave a schema's own message alone", () => {
    expect(messagesOf(z.object({ amount: z.string().min(1, "amount is needed") }), { amount: "" })).toEqual(["amount: amount is needed"]);
  });
});
