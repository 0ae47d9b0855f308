import { AppError } from "../errors.ts";

/**
 * Keyset pagination over (createdAt desc, id desc): stable while rows are added, unlike
 * offsets, and each page is one index range scan. The cursor is the last row's position,
 * opaque to clients. Ids are our text ids, or a sequence's bigint (the admin log).
 */
export interface PagePosition<Id extends string | bigint = string> {
  createdAt: Date;
  id: Id;
}

export function encodePageCursor({ createdAt, id }: PagePosition<string | bigint>): string {
  return Buffer.from(`${createdAt.getTime()}:${id}`, "utf8").toString("base64url");
}

const invalidCursor = () => new AppError("BAD_REQUEST", "Invalid cursor: pass the nextCursor of a previous page.");

export function decodePageCursor(cursor: string): PagePosition {
  const match = /^(\d{1,15}):([\w-]{1,100})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalidCursor();
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/** Whether a cursor from elsewhere (a page's URL) is one of ours, before it is passed on. */
export function isPageCursor(cursor: string): boolean {
  try {
    decodePageCursor(cursor);
    return true;
  } catch {
    return false;
  }
}

const MAX_BIGINT_ID = 2n ** 63n - 1n;

/** For a table keyed by a sequence (the admin log): the cursor's id as the bigint it was. */
export function sequenceId(id: string): bigint {
  const value = /^\d{1,19}$/.test(id) ? BigInt(id) : -1n;
  if (value < 0n || value > MAX_BIGINT_ID) throw invalidCursor();
  return value;
}

/** The Prisma where clause for rows after the cursor, newest first; `toId` gives the id back its column's type (sequenceId). */
export function afterPageCursor<Id = string>(cursor: string | undefined, toId: (id: string) => Id = (id) => id as Id) {
  if (cursor === undefined) return {};
  const { createdAt, id } = decodePageCursor(cursor);
  return { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: toId(id) } }] };
}

export const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Splits limit + 1 fetched rows into the page and the cursor of the next one (null at the end). */
export function toPage<T extends PagePosition<string | bigint>>(rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
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
