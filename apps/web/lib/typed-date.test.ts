import { describe, expect, it } from "vitest";
import { formatTypedDate, isoFromTypedDate } from "./typed-date";

describe("a date of birth typed day, month, year", () => {
  it("gets its slashes while the digits are typed", () => {
    expect(formatTypedDate("1")).toBe("1");
    expect(formatTypedDate("170")).toBe("17/0");
    expect(formatTypedDate("1704")).toBe("17/04");
    expect(formatTypedDate("170419")).toBe("17/04/19");
    expect(formatTypedDate("17041990")).toBe("17/04/1990");
    expect(formatTypedDate("17/04/19901")).toBe("17/04/1990");
    expect(formatTypedDate("17/")).toBe("17/");
  });

  it("pads a one-digit day or month that a separator closes", () => {
    expect(formatTypedDate("7/")).toBe("07/");
    expect(formatTypedDate("7/4")).toBe("07/4");
    expect(formatTypedDate("7/4/1990")).toBe("07/04/1990");
    expect(formatTypedDate("7.4.1990")).toBe("07/04/1990");
    expect(formatTypedDate("/")).toBe("");
  });

  it("reads day first, with any separator, or an ISO date", () => {
    expect(isoFromTypedDate("17/04/1990")).toBe("1990-04-17");
    expect(isoFromTypedDate("7.4.1990")).toBe("1990-04-07");
    expect(isoFromTypedDate(" 17-04-1990 ")).toBe("1990-04-17");
    expect(isoFromTypedDate("1990-04-17")).toBe("1990-04-17");
  });

  it("refuses what is not a calendar date", () => {
    for (const typed of ["", "17/04", "17/04/90", "31/02/1990", "00/01/1990", "17/13/1990", "1990/04/17", "abc"]) {
      expect(isoFromTypedDate(typed), typed).toBeNull();
    }
    expect(isoFromTypedDate("29/02/2000")).toBe("2000-02-29");
    expect(isoFromTypedDate("29/02/1900")).toBeNull();
  });
});
