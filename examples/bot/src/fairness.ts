import { createHash, createHmac } from "node:crypto";

// The recipe exactly as the OpenAPI document's "Provable fairness" section states it.

export const sha256Hex = (text: string): string => createHash("sha256").update(text).digest("hex");

/** hash = HMAC-SHA256(key = serverSeed, message = clientSeed + ":" + nonce), lower-case hex. */
export const drawHash = (serverSeed: string, clientSeed: string, nonce: number): string =>
  createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest("hex");

/** The first 13 hex characters are 52 bits: an integer below 2^52, scaled to a ticket 1..100000. */
export const ticketOf = (hash: string): number => Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100_000) + 1;

export interface TicketRange {
  id: string;
  ticketFrom: number;
  ticketTo: number;
}

/** oddsHash = SHA-256 of the [itemId, ticketFrom, ticketTo] rows ordered by ticketFrom, as JSON without whitespace. */
export const oddsHashOf = (items: readonly TicketRange[]): string =>
  sha256Hex(
    JSON.stringify([...items].sort((a, b) => a.ticketFrom - b.ticketFrom).map((item) => [item.id, item.ticketFrom, item.ticketTo])),
  );

export const itemForTicket = <T extends TicketRange>(items: readonly T[], ticket: number): T | undefined =>
  items.find((item) => ticket >= item.ticketFrom && ticket <= item.ticketTo);
