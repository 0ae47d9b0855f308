import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor } from "./fields.ts";

// Shipping: saved addresses, quotes and shipments of won items.

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/**
 * Codes Intl names that are no country of ISO 3166-1 to ship to: old codes it names after their
 * successor (UK, ZR, YU: "United Kingdom" twice in a list of countries), groupings (EU, UN),
 * reserved places that are parts of a country (AC, IC, TA) and test locales (XA, XB). Kosovo's
 * XK, user-assigned but the one everybody uses, stays.
 */
const NOT_COUNTRIES = new Set([
  ..."UK DY HV ZR AN FX DD BU SU CS YU TP NH VD YD RH".split(" "),
  ..."AC CP CQ DG EA IC TA EU EZ QO UN XA XB".split(" "),
]);

/** An ISO 3166-1 alpha-2 code that names a country (Intl knows it), not only two letters. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  const name = regionNames.of(code);
  return name !== undefined && name !== code && name !== "Unknown Region";
}

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
let countries: { code: string; name: string }[] | undefined;

/**
 * Every code an address may have (isCountryCode, the server's own check), with its English
 * name, in the order of the names: the address form's choices. Built on first use (676 lookups).
 */
export function listCountries(): { code: string; name: string }[] {
  countries ??= LETTERS.flatMap((first) => LETTERS.map((second) => first + second))
    .filter(isCountryCode)
    .map((code) => ({ code, name: regionNames.of(code)! }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}

export const CountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code in upper case, like "US"')
  .meta({ description: "ISO 3166-1 alpha-2 country code.", example: "US" });

export const AddressSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01adr00001" }),
    name: z.string().meta({ example: "Jane Doe" }),
    line1: z.string().meta({ example: "1 Main St" }),
    line2: z.string().nullable(),
    city: z.string().meta({ example: "Springfield" }),
    region: z.string().nullable().meta({ example: "IL" }),
    postalCode: z.string().nullable().meta({ example: "62701" }),
    country: CountryCode,
    phone: z.string().nullable().meta({ example: "+1 555 0100" }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "Address", description: "A saved postal address, shown only to its owner (and admins)." });
export type Address = z.infer<typeof AddressSchema>;

export const ShipmentStateSchema = z.enum(["REQUESTED", "APPROVED", "SHIPPED", "DELIVERED", "REJECTED", "CANCELLED", "RETURNED"]).meta({
  description:
    "REQUESTED (the player can cancel) → APPROVED → SHIPPED → DELIVERED or RETURNED; REJECTED (by the operator, with a reason) or CANCELLED return the items and the fee.",
});
export type ShipmentState = z.infer<typeof ShipmentStateSchema>;

const ShipmentCore = z.object({
  id: z.string().meta({ example: "cmf3k2x7a0001pp01shp00001" }),
  state: ShipmentStateSchema,
  fee: MoneyString.meta({ description: "The flat fee debited for the shipment (refunded if cancelled or rejected).", example: "9.99" }),
  country: CountryCode,
  addressId: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string(), value: MoneyString })).meta({ description: "The inventory items shipped." }),
  carrier: z.string().nullable().meta({ example: "UPS" }),
  trackingNumber: z.string().nullable().meta({ example: "1Z999AA10123456784" }),
  trackingUrl: z.string().nullable().meta({ description: "The carrier's tracking page, where the carrier is known." }),
  reason: z.string().nullable().meta({ description: "With REJECTED: why." }),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
});

export const ShipmentEventDataSchema = ShipmentCore.meta({
  id: "ShipmentEventData",
  description: "A shipment as its events carry it: without the address.",
});
export type ShipmentEventData = z.infer<typeof ShipmentEventDataSchema>;

export const ShipmentSchema = ShipmentCore.extend({
  address: AddressSchema.omit({ id: true, createdAt: true }).meta({ description: "Where it goes, as it was when requested." }),
}).meta({ id: "Shipment" });
export type Shipment = z.infer<typeof ShipmentSchema>;

export const ShipmentPageSchema = z
  .object({ shipments: z.array(ShipmentSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "ShipmentPage" });
export type ShipmentPage = z.infer<typeof ShipmentPageSchema>;

export const ShippingQuoteSchema = z
  .object({
    country: CountryCode,
    fee: MoneyString.meta({ description: "The flat fee for one shipment to the country, however many items.", example: "9.99" }),
  })
  .meta({ id: "ShippingQuote" });
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>;
