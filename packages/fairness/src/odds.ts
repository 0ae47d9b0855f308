import { TICKETS_TOTAL, sha256Hex } from "./draw.ts";

/** One row of an odds table: the item wins when the drawn ticket is in [ticketFrom, ticketTo]. */
export interface TicketRange {
  itemId: string;
  ticketFrom: number;
  ticketTo: number;
}

/** Chance in percent with at most 3 decimals <-> tickets out of 100000 (chance × 1000). */
export function chanceToTickets(chancePercent: number): number {
  const tickets = Math.round(chancePercent * 1000);
  if (Math.abs(tickets - chancePercent * 1000) > 1e-6) throw new Error(`chance ${chancePercent} has more than 3 decimals`);
  return tickets;
}

export function ticketsToChance(tickets: number): number {
  return Number((tickets / 1000).toFixed(3));
}

/**
 * Lays items out on contiguous ranges covering exactly 1..100000, in the given order.
 * Throws unless the tickets are positive integers summing to 100000.
 */
export function buildTicketRanges(items: ReadonlyArray<{ itemId: string; tickets: number }>): TicketRange[] {
  let next = 1;
  const ranges = items.map(({ itemId, tickets }) => {
    if (!Number.isInteger(tickets) || tickets < 1) throw new Error(`item ${itemId}: tickets must be a positive integer`);
    const range = { itemId, ticketFrom: next, ticketTo: next + tickets - 1 };
    next += tickets;
    return range;
  });
  if (next - 1 !== TICKETS_TOTAL) throw new Error(`tickets sum to ${next - 1}, expected ${TICKETS_TOTAL}`);
  return ranges;
}

/** Checks that ranges (in any order) are contiguous and cover exactly 1..100000. */
export function assertValidRanges(ranges: readonly TicketRange[]): void {
  const sorted = [...ranges].sort((a, b) => a.ticketFrom - b.ticketFrom);
  let expected = 1;
  for (const range of sorted) {
    if (range.ticketFrom !== expected || range.ticketTo < range.ticketFrom) {
      throw new Error(`ticket ranges are not contiguous at ${expected}`);
    }
    expected = range.ticketTo + 1;
  }
  if (expected - 1 !== TICKETS_TOTAL) throw new Error(`ticket ranges end at ${expected - 1}, expected ${TICKETS_TOTAL}`);
}

export function findRangeForTicket<T extends TicketRange>(ranges: readonly T[], ticket: number): T {
  const range = ranges.find((candidate) => ticket >= candidate.ticketFrom && ticket <= candidate.ticketTo);
  if (!range) throw new Error(`no range holds ticket ${ticket}`);
  return range;
}

/**
 * The canonical odds table: JSON of [itemId, ticketFrom, ticketTo] rows ordered by ticketFrom,
 * without spaces. Its SHA-256 is the pack's oddsHash.
 */
export function canonicalOddsTable(ranges: readonly TicketRange[]): string {
  const rows = [...ranges].sort((a, b) => a.ticketFrom - b.ticketFrom).map((range) => [range.itemId, range.ticketFrom, range.ticketTo]);
  return JSON.stringify(rows);
}

export function oddsHash(ranges: readonly TicketRange[]): Promise<string> {
  return sha256Hex(canonicalOddsTable(ranges));
}
