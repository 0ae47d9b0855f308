import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { afterPageCursor, decodePageCursor, encodePageCursor, isPageCursor, pageLimit, sequenceId, toPage } from "./page-cursor.ts";

describe("page cursors", () => {
  it("round-trips a row's position and builds the keyset condition from it", () => {
    const position = { createdAt: new Date("2026-11-23T12:34:56.789Z"), id: "cmf3k2x7a0001pp01item0001" };
    const cursor = encodePageCursor(position);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodePageCursor(cursor)).toEqual(position);
    expect(afterPageCursor(cursor)).toEqual({
      OR: [{ createdAt: { lt: position.createdAt } }, { createdAt: position.createdAt, id: { lt: position.id } }],
    });
    expect(afterPageCursor(undefined)).toEqual({});
  });

  it("refuses forged cursors with a 400", () => {
    for (const cursor of ["", "garbage", Buffer.from("12:a b").toString("base64url"), Buffer.from("x:abc").toString("base64url")]) {
      expect(() => decodePageCursor(cursor)).toThrow(AppError);
    }
  });

  it("keys a sequence's rows (the admin log) by their bigint id, refusing ids that are not one", () => {
    const position = { createdAt: new Date("2026-11-23T12:34:56.789Z"), id: 18342n };
    const cursor = encodePageCursor(position);
    expect(afterPageCursor(cursor, sequenceId)).toEqual({
      OR: [{ createdAt: { lt: position.createdAt } }, { createdAt: position.createdAt, id: { lt: 18342n } }],
    });
    for (const id of ["abc", "9223372036854775808", "-1"]) {
      expect(() => afterPageCursor(encodePageCursor({ createdAt: position.createdAt, id }), sequenceId), id).toThrow(AppError);
    }
    expect(isPageCursor(cursor)).toBe(true);
    expect(isPageCursor("garbage")).toBe(false);
  });

  it("splits limit + 1 rows into a page and the next cursor", () => {
    const rows = [3, 2, 1].map((n) => ({ createdAt: new Date(n * 1000), id: `r${n}` }));
    const page = toPage(rows, 2);
    expect(page.rows.map((r) => r.id)).toEqual(["r3", "r2"]);
    expect(decodePageCursor(page.nextCursor!)).toEqual(rows[1]);
    expect(toPage(rows, 3)).toEqual({ rows, nextCursor: null });
  });

  it("checks page sizes", () => {
    expect(pageLimit(undefined, 20)).toBe(20);
    expect(pageLimit(100, 20)).toBe(100);
    for (const limit of [0, 101, 1.5, Number.NaN]) expect(() => pageLimit(limit, 20)).toThrow(AppError);
  });
});
