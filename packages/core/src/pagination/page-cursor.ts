import { AppError } from "../errors.ts";

/**
 * Keyset pagination over (createdAt desc, id desc): stable while rows are added, unlike
 * offsets, and each page is one index range scan. The cursor is the last row's position,
 * opaque to clients.
 */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

export function encodePageCursor({ createdAt, id }: PagePosition): string {
  return Buffer.from(`${createdAt.getTime()}:${id}`, "utf8").toString("base64url");
}

export function decodePageCursor(cursor: string): PagePosition {
  const match = /^(\d{1,15}):([\w-]{1,100})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw new AppError("BAD_REQUEST", "Invalid cursor: pass the nextCursor of a previous page.");
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/** The Prisma where clause for rows after the cursor, newest first. */
export function afterPageCursor(cursor: string | undefined) {
  if (cursor === undefined) return {};
  const { createdAt, id } = decodePageCursor(cursor);
  return { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }] };
}

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Splits limit + 1 fetched rows into the page and the cursor of the next one (null at the end). */
export function toPage<T extends PagePosition>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodePageCursor(page[page.length - 1]!) };
}

/** The largest page of a /v1 list. Each list's default size is defined beside its query (HISTORY_PAGE_SIZE, …). */
export const MAX_PAGE_SIZE = 100;

/** Checks a page size; the API validates the same bounds, this guards every other caller. */
export function pageLimit(limit: number | undefined, fallback: number, max = MAX_PAGE_SIZE): number {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new AppError("BAD_REQUEST", `limit must be an integer from 1 to ${max}.`);
  return limit;
}
