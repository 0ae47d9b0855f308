import { describe, expect, it, vi } from "vitest";

describe("AppError across copies of the module", () => {
  it("is recognised by instanceof and isAppError of another copy (Next.js bundles its own)", async () => {
    const first = await import("./errors.ts");
    vi.resetModules();
    const second = await import("./errors.ts");
    expect(second.AppError).not.toBe(first.AppError);

    const thrownByTheServersCopy = new first.AppError("NOT_FOUND", "No such pack.");
    expect(thrownByTheServersCopy instanceof second.AppError).toBe(true);
    expect(second.isAppError(thrownByTheServersCopy)).toBe(true);
    expect(new Error("plain") instanceof second.AppError).toBe(false);
    expect(second.isAppError({ code: "NOT_FOUND", message: "look-alike" })).toBe(false);
  });
});
