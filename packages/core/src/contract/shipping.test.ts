import { describe, expect, it } from "vitest";
import { isCountryCode, listCountries } from "./shipping.ts";

describe("listCountries", () => {
  it("offers every code the server accepts, each country once, by name", () => {
    const countries = listCountries();
    const codes = countries.map((country) => country.code);
    expect(codes).toEqual(expect.arrayContaining(["US", "GB", "DE", "XK", "CW", "AX"]));
    expect(codes.every(isCountryCode)).toBe(true);
    // Old codes and groupings Intl also names are not offered (nor accepted): no name twice.
    expect(codes).not.toEqual(expect.arrayContaining(["UK"]));
    for (const code of ["UK", "EU", "UN", "XA", "ZR", "AC", "ZZ", "AA"]) expect(isCountryCode(code), code).toBe(false);
    expect(new Set(countries.map((country) => country.name)).size).toBe(countries.length);
    expect(countries.find((country) => country.code === "GB")?.name).toBe("United Kingdom");
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });
});
