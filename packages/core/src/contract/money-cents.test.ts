import { describe, expect, it } from "vitest";
import { centsToMoney, displayMoney, moneyPercent, moneyToCents, multiplyMoney, ratioText } from "./money-cents.ts";

describe("cents", () => {
  it("reads amounts with up to two decimals and a sign, exactly, at any size", () => {
    expect(moneyToCents("4.99")).toBe(499n);
    expect(moneyToCents("-4.99")).toBe(-499n);
    expect(moneyToCents("25")).toBe(2500n);
    expect(moneyToCents("2.5")).toBe(250n);
    expect(moneyToCents("999999999999.99")).toBe(99_999_999_999_999n);
    expect(moneyToCents("90071992547409.93")).toBe(9_007_199_254_740_993n); // past Number.MAX_SAFE_INTEGER
  });

  it("refuses anything else", () => {
    for (const bad of ["", "1.005", "1e3", "$4.99", "1,234.50", " 4.99", "4.", ".5", "abc"]) expect(() => moneyToCents(bad), bad).toThrow();
  });

  it("writes two decimals and a sign, and sums without float drift", () => {
    expect(centsToMoney(1497n)).toBe("14.97");
    expect(centsToMoney(-5n)).toBe("-0.05");
    expect(centsToMoney(0n)).toBe("0.00");
    expect(multiplyMoney("4.99", 3)).toBe("14.97");
    expect(centsToMoney(moneyToCents("0.10") + moneyToCents("0.20"))).toBe("0.30");
  });

  it("rounds ratios half up, and percentages of money to one decimal", () => {
    expect(ratioText(1n, 8n, 2)).toBe("0.13");
    expect(ratioText(-1n, 8n, 2)).toBe("-0.13");
    expect(ratioText(2n, 3n, 0)).toBe("1");
    expect(moneyPercent("3.88", "5.00")).toBe("77.6");
    expect(moneyPercent("1.00", "3.00")).toBe("33.3");
    expect(moneyPercent("1.00", "0.00")).toBe("0.0");
  });

  it("shows money to players one way", () => {
    expect(displayMoney("1234.5")).toBe("$1,234.50");
    expect(displayMoney("1234.50")).toBe("$1,234.50");
    expect(displayMoney("-4.99")).toBe("-$4.99");
    expect(displayMoney("7")).toBe("$7.00");
    expect(displayMoney(95.01)).toBe("$95.01");
    expect(displayMoney(0.1 + 0.2)).toBe("$0.30");
  });
});
