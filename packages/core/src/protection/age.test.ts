import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { ageOn, assertOldEnough, DateOfBirthSchema } from "./age.ts";

describe("ageOn", () => {
  it("counts full years by the UTC calendar, a birthday from its own day", () => {
    expect(ageOn("2008-11-24", new Date("2026-11-24T00:00:00.000Z"))).toBe(18);
    expect(ageOn("2008-11-25", new Date("2026-11-24T23:59:59.999Z"))).toBe(17);
    expect(ageOn("2008-12-01", new Date("2026-11-30T12:00:00.000Z"))).toBe(17);
  });

  it("takes 29 February as passed on 1 March of a common year, not on 28 February", () => {
    expect(ageOn("2008-02-29", new Date("2026-02-28T12:00:00.000Z"))).toBe(17);
    expect(ageOn("2008-02-29", new Date("2026-03-01T00:00:00.000Z"))).toBe(18);
  });
});

describe("assertOldEnough (MINIMUM_AGE 18 by default)", () => {
  it("lets 18 today pass and refuses the day before with UNDER_AGE", () => {
    const now = new Date("2026-11-24T10:00:00.000Z");
    expect(() => assertOldEnough("2008-11-24", now)).not.toThrow();
    let refusal: unknown;
    try {
      assertOldEnough("2008-11-25", now);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("UNDER_AGE");
  });
});

describe("DateOfBirthSchema", () => {
  it("takes real past dates as YYYY-MM-DD only", () => {
    expect(DateOfBirthSchema.safeParse("1990-04-17").success).toBe(true);
    for (const bad of ["1990-4-17", "17/04/1990", "1990-02-30", "1899-12-31", "2999-01-01", "", 19900417]) {
      expect(DateOfBirthSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});
