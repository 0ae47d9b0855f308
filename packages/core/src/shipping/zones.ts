import { z } from "zod";
import type { Deps } from "../runtime/deps.ts";
import type { DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { formatMoney, type Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { ShippingQuote } from "../contract/shipping.ts";
import { isCountryCode } from "../contract/shipping.ts";

/** The zone of every country without its own row. */
export const DEFAULT_ZONE = "*";

export const ShippingZoneSchema = z.object({
  country: z.string().refine((code) => code === DEFAULT_ZONE || isCountryCode(code), 'country must be an ISO 3166-1 alpha-2 code or "*"'),
  fee: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'fee must be an amount like "9.99"'),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

/** The flat fee for one shipment to `country`: its zone's, else the default zone's; null when neither exists. */
export async function findShippingFee(db: DbTx, country: string): Promise<Money | null> {
  const zones = await db.shippingZone.findMany({ where: { country: { in: [country, DEFAULT_ZONE] } } });
  const zone = zones.find((z) => z.country === country) ?? zones.find((z) => z.country === DEFAULT_ZONE);
  return zone?.fee ?? null;
}

export async function quoteShipping(services: Deps, country: string): Promise<ShippingQuote> {
  const db = services.database.prisma;
  if (!isCountryCode(country)) throw new AppError("BAD_REQUEST", "country must be an ISO 3166-1 alpha-2 code of a country.");
  const fee = await findShippingFee(db, country);
  if (fee === null) throw new AppError("NOT_FOUND", `We do not ship to ${country}.`);
  return { country, fee: formatMoney(fee) };
}

export async function listShippingZones(services: Deps): Promise<ShippingZone[]> {
  const db = services.database.prisma;
  const rows = await db.shippingZone.findMany({ orderBy: { country: "asc" } });
  return rows.map((row) => ({ country: row.country, fee: formatMoney(row.fee) }));
}

/** Sets a zone's fee (creating the zone); returns the zone as it was before, or null. */
export async function setShippingZone(db: DbTx, input: unknown): Promise<{ before: ShippingZone | null; after: ShippingZone }> {
  const { country, fee } = parseInputOrThrow(ShippingZoneSchema, input);
  const before = await db.shippingZone.findUnique({ where: { country } });
  const row = await db.shippingZone.upsert({ where: { country }, create: { country, fee }, update: { fee } });
  return {
    before: before && { country: before.country, fee: formatMoney(before.fee) },
    after: { country: row.country, fee: formatMoney(row.fee) },
  };
}

/** Removes a country's zone (it falls back to the default one). */
export async function deleteShippingZone(db: DbTx, country: string): Promise<ShippingZone> {
  const row = await db.shippingZone.findUnique({ where: { country } });
  if (!row) throw new AppError("NOT_FOUND", `No shipping zone for "${country}".`);
  await db.shippingZone.delete({ where: { country } });
  return { country: row.country, fee: formatMoney(row.fee) };
}
