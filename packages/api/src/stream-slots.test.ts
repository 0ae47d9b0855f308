import { describe, expect, it } from "vitest";
import { AppError } from "@prizepacks/core";
import { StreamSlots } from "./stream-slots.ts";

function refusalOf(take: () => unknown): AppError {
  try {
    take();
  } catch (error) {
    return error as AppError;
  }
  throw new Error("take did not refuse");
}

describe("StreamSlots", () => {
  it("gives each holder at most max slots and refuses the next with a 429 and Retry-After", () => {
    const slots = new StreamSlots(3, "At most 3 streams at once.");
    for (let i = 0; i < 3; i++) slots.take("a");
    const refusal = refusalOf(() => slots.take("a"));
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      message: "At most 3 streams at once.",
      details: { retryAfterSeconds: 5 },
    });
    expect(slots.heldBy("a")).toBe(3);
    // Another holder has slots of its own.
    slots.take("b");
    expect(slots.heldBy("b")).toBe(1);
  });

  it("frees a slot once however often its release is called", () => {
    const slots = new StreamSlots(2, "full");
    const first = slots.take("a");
    slots.take("a");
    first();
    first();
    first();
    expect(slots.heldBy("a")).toBe(1);
    const third = slots.take("a");
    expect(() => slots.take("a")).toThrow("full");
    third();
    third();
    expect(slots.heldBy("a")).toBe(1);
  });

  it("forgets a holder whose last slot is released, and counts it from zero again", () => {
    const slots = new StreamSlots(1, "full");
    const release = slots.take("a");
    release();
    expect(slots.heldBy("a")).toBe(0);
    expect((slots as unknown as { held: Map<string, number> }).held.size).toBe(0);
    release(); // an old release must not take from the holder's next slot
    slots.take("a");
    expect(slots.heldBy("a")).toBe(1);
    expect(() => slots.take("a")).toThrow("full");
  });
});
