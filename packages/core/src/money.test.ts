import { describe, expect, it } from "vitest";
import { formatMoney, moneyToNumber, parseMoney } from "./money.ts";

describe("money", () => {
  it("formats with exactly two decimals and no float drift", () => {
    expect(formatMoney("4.9")).toBe("4.90");
    expect(formatMoney(parseMoney("0.1").plus(parseMoney("0.2")))).toBe("0.30");
    expect(formatMoney(parseMoney("100").minus("4.99").minus("4.99"))).toBe("90.02");
  });

  it("turns money into a JSON number only at the edge", () => {
    expect(moneyToNumber(parseMoney("90.02"))).toBe(90.02);
    expect(moneyToNumber("0")).toBe(0);
  });

  it("refuses amounts with more than two decimals, signs or garbage", () => {
    expect(() => parseMoney("1.005")).toThrow();
    expect(() => parseMoney("-1")).toThrow();
    expect(() => parseMoney("1e3")).toThrow();
    expect(() => parseMoney("")).toThrow();
    expect(parseMoney("25").toFixed(2)).toBe("25.00");
  });
});
