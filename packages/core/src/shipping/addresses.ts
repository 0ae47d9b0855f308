import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import type { Deps } from "../runtime/deps.ts";
import { z } from "zod";
import { newId } from "@prizepacks/db/ids";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { StorableText } from "../contract/fields.ts";
import { CountryCode, isCountryCode, type Address } from "../contract/shipping.ts";

/** A player keeps at most this many saved addresses. */
export const MAX_ADDRESSES = 20;

const Line = (max: number) => StorableText.transform((text) => text.trim()).pipe(z.string().min(1).max(max));
const OptionalLine = (max: number) =>
  StorableText.transform((text) => text.trim())
    .pipe(z.string().max(max))
    .nullish()
    .transform((text) => (text ? text : null));

/**
 * A new address. The postal code is checked against the country's format with
 * postcode-validator (its table covers the countries that have postal codes); a country it
 * does not know takes any code, or none.
 */
export const CreateAddressInputSchema = z
  .object({
    name: Line(200).meta({ example: "Jane Doe" }),
    line1: Line(200).meta({ example: "1 Main St" }),
    line2: OptionalLine(200),
    city: Line(100).meta({ example: "Springfield" }),
    region: OptionalLine(100).meta({ example: "IL" }),
    postalCode: OptionalLine(20).meta({ example: "62701" }),
    country: CountryCode.refine(isCountryCode, "country must be an ISO 3166-1 alpha-2 code of a country"),
    phone: OptionalLine(40)
      .refine((phone) => phone === null || /^\+?[0-9 ()./-]{5,40}$/.test(phone), "phone must be digits, spaces and + ( ) . - /")
      .meta({ example: "+1 555 0100" }),
  })
  .superRefine((address, ctx) => {
    if (!isCountryCode(address.country) || !postcodeValidatorExistsForCountry(address.country)) return;
    if (address.postalCode === null) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `postalCode is required for ${address.country}` });
    } else if (!postcodeValidator(address.postalCode, address.country)) {
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `postalCode is not a postal code of ${address.country}` });
    }
  });

interface AddressRow {
  id: string;
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
  createdAt: Date;
}

export function addressView(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fields a shipment copies when it is requested (its own record of where it went). */
export function addressSnapshot(row: AddressRow): Omit<Address, "id" | "createdAt"> {
  const { id: _id, createdAt: _createdAt, ...fields } = addressView(row);
  return fields;
}

export async function createAddress(services: Deps, userId: string, input: unknown): Promise<Address> {
  const db = services.database.prisma;
  const fields = parseInputOrThrow(CreateAddressInputSchema, input);
  const saved = await db.address.count({ where: { userId, deletedAt: null } });
  if (saved >= MAX_ADDRESSES) throw new AppError("CONFLICT", `An account keeps at most ${MAX_ADDRESSES} addresses; delete one first.`);
  return addressView(await db.address.create({ data: { id: newId(), userId, ...fields } }));
}

/** The account's saved addresses, newest first (deleted ones are gone from the list). */
export async function listAddresses(services: Deps, userId: string): Promise<Address[]> {
  const db = services.database.prisma;
  const rows = await db.address.findMany({ where: { userId, deletedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(addressView);
}

/**
 * Deletes a saved address from the player's list. A shipment keeps its own snapshot, so the
 * row stays (hidden) while a shipment names it; another account's address is a 404.
 */
export async function deleteAddress(services: Deps, userId: string, id: string): Promise<void> {
  const db = services.database.prisma;
  const { count } = await db.address.updateMany({ where: { id, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  if (count === 0) throw new AppError("NOT_FOUND", `Address "${id}" was not found.`);
}
