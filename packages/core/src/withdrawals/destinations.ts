import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { PayoutMethodIdSchema, type PayoutDestination } from "../contract/withdrawals.ts";
import { destinationUsableAfterHours, usableAfterText } from "./withdrawal-env.ts";

/** The mailed confirmation link works this long. */
export const DESTINATION_TOKEN_HOURS = 24;
/** At most this many destinations per account. */
export const MAX_DESTINATIONS = 10;

/**
 * How a mail leaves: core cannot reach auth's mailer (auth depends on core), so the web
 * transport hands its own in (auth's sendMailInBackground and the app's public URL for links).
 */
export interface MailSender {
  send(mail: { to: string; subject: string; text: string }): void;
  /** The app's public URL, e.g. https://packs.example.com: links in mails start with it. */
  linkBase: string;
}

/** Bitcoin addresses (base58 or bech32/bech32m) for on-chain; a BOLT11 invoice, LNURL or Lightning address for Lightning. */
const ADDRESS_PATTERNS: Record<z.infer<typeof PayoutMethodIdSchema>, RegExp> = {
  "BTC-CHAIN": /^(?:[13mn2][a-km-zA-HJ-NP-Z1-9]{25,39}|(?:bc|tb|bcrt)1[ac-hj-np-z02-9]{8,87})$/,
  "BTC-LN": /^(?:ln(?:bc|tb|bcrt)[0-9a-z]{20,2000}|lnurl[0-9a-z]{20,2000}|[a-z0-9._-]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,})$/i,
};

export const AddDestinationSchema = z
  .object({
    payoutMethodId: PayoutMethodIdSchema,
    address: StorableText.trim().min(1, "address: must not be empty").max(2000),
    label: StorableText.trim().min(1, "label: must not be empty").max(60),
  })
  .superRefine((value, ctx) => {
    if (!ADDRESS_PATTERNS[value.payoutMethodId].test(value.address))
      ctx.addIssue({
        code: "custom",
        path: ["address"],
        message:
          value.payoutMethodId === "BTC-CHAIN"
            ? "must be a bitcoin address (bc1…, 1… or 3…)"
            : "must be a Lightning address (name@host), an LNURL or a BOLT11 invoice",
      });
  });
export type AddDestinationInput = z.input<typeof AddDestinationSchema>;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type DestinationRow = Prisma.PayoutDestinationGetPayload<object>;

export function destinationView(row: DestinationRow): PayoutDestination {
  return {
    id: row.id,
    payoutMethodId: row.payoutMethodId as PayoutDestination["payoutMethodId"],
    address: row.address,
    label: row.label,
    status: row.status as PayoutDestination["status"],
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    usableAt: row.usableAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Adds a destination, pending until the link mailed to the account's address is followed. The
 * token is kept only as its SHA-256; the mail is sent after the row commits.
 */
export async function addPayoutDestination(
  services: Deps,
  input: { userId: string } & AddDestinationInput,
  { mailer }: { mailer: MailSender | null },
): Promise<PayoutDestination> {
  const { payoutMethodId, address, label } = parseInputOrThrow(AddDestinationSchema, input);
  if (!mailer) throw new AppError("UNAVAILABLE", "Payout destinations cannot be added now: no mail can be sent to confirm them.");
  const db = services.database.prisma;
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true } });
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  if ((await db.payoutDestination.count({ where: { userId: input.userId } })) >= MAX_DESTINATIONS)
    throw new AppError("CONFLICT", `An account keeps at most ${MAX_DESTINATIONS} payout destinations: remove one first.`);
  const token = randomBytes(32).toString("base64url");
  const row = await db.payoutDestination.create({
    data: {
      id: newId(),
      userId: input.userId,
      payoutMethodId,
      address,
      label,
      tokenHash: hashToken(token),
      tokenExpiresAt: new Date(Date.now() + DESTINATION_TOKEN_HOURS * 3_600_000),
    },
  });
  const link = `${mailer.linkBase.replace(/\/$/, "")}/settings/payouts/confirm?token=${encodeURIComponent(token)}`;
  mailer.send({
    to: user.email,
    subject: "Confirm your new payout destination",
    text: [
      `A payout destination "${label}" (${payoutMethodId} ${address}) was added to your account.`,
      `If it was you, confirm it within ${DESTINATION_TOKEN_HOURS} hours: ${link}`,
      `Withdrawals to it are possible ${usableAfterText(destinationUsableAfterHours(), "you confirm")}.`,
      "If it was not you, do not follow the link: change your password and remove the destination in Settings.",
    ].join("\n\n"),
  });
  return destinationView(row);
}

export const ConfirmDestinationSchema = z.object({ token: StorableText.min(1).max(200) });

/** Confirms the signed-in owner's destination named by a mailed token; usable 24 h later (destinationUsableAfterHours). */
export async function confirmPayoutDestination(services: Deps, input: { userId: string; token: string }): Promise<PayoutDestination> {
  const { token } = parseInputOrThrow(ConfirmDestinationSchema, input);
  const db = services.database.prisma;
  const found = await db.payoutDestination.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!found || found.userId !== input.userId || found.status !== "pending_confirmation")
    throw new AppError("NOT_FOUND", "This confirmation link is not valid (already used, or for another account).");
  if (!found.tokenExpiresAt || found.tokenExpiresAt <= new Date())
    throw new AppError("BAD_REQUEST", "This confirmation link has expired: remove the destination and add it again.");
  const rows = await db.$queryRaw<DestinationRow[]>`
    UPDATE payout_destination
    SET status = 'confirmed', "confirmedAt" = now(), "usableAt" = now() + make_interval(hours => ${destinationUsableAfterHours()}::int),
        "tokenHash" = NULL, "tokenExpiresAt" = NULL
    WHERE id = ${found.id} AND status = 'pending_confirmation'
    RETURNING *`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "This confirmation link is not valid (already used, or for another account).");
  return destinationView(rows[0]);
}

export async function listPayoutDestinations(services: Deps, userId: string): Promise<PayoutDestination[]> {
  const db = services.database.prisma;
  const rows = await db.payoutDestination.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(destinationView);
}

export const RemoveDestinationSchema = z.object({ id: IdSchema });

/** Removes a destination; withdrawals already made to it keep their method and address. */
export async function removePayoutDestination(services: Deps, input: { userId: string; id: string }): Promise<{ id: string }> {
  const { id } = parseInputOrThrow(RemoveDestinationSchema, input);
  const removed = await services.database.prisma.payoutDestination.deleteMany({ where: { id, userId: input.userId } });
  if (removed.count === 0) throw new AppError("NOT_FOUND", "No such payout destination.");
  return { id };
}
