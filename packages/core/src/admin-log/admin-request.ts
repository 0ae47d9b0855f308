import { createHash } from "node:crypto";
import type { Db, DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { AdminActor } from "./admin-log.ts";

/**
 * The key a console form makes when it is drawn (a UUID) and sends with every submission of
 * it; a new one after each success. Two submissions with one key are one request.
 */
export const RequestKeySchema = z.uuid({ error: "requestKey must be a UUID made when the form was drawn" });

/**
 * The request key of a second console mutation one request makes (a case's action that asks
 * another feature to act): a UUID derived from the form's key and what it is for, so a replay
 * of the request replays both, and neither key can be taken for the other.
 */
export function relatedRequestKey(requestKey: string, purpose: string): string {
  const hex = createHash("sha256").update(`${requestKey}:${purpose}`).digest("hex");
  // RFC 9562 version 8 (custom), variant 10.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What every console mutation carries besides its own fields. */
export const RequestKeyed = z.object({ requestKey: RequestKeySchema });

type Json = Prisma.InputJsonValue;

/**
 * One console request: its key, the action it takes, and what it asks for (`request`: the
 * target and fields, the input without its key and without the typed-back confirmation). A key
 * stands for that one request: replayed with another action, target or fields it is refused
 * (409), as an Idempotency-Key is on the API, instead of answering the first request's result
 * for a request that was never carried out.
 */
export interface ConsoleRequest {
  requestKey: string;
  action: string;
  request: Json;
  part?: string;
}

/**
 * Runs `perform` once per (admin, key), or once per (admin, key, part) for a batch whose parts
 * commit one by one (a part: one shipment of a selection). The claim (an INSERT on the unique
 * (actorId, key)) and the change share one transaction: a second submission with the same key
 * waits on the index entry until the first commits, then finds the row and gets the stored
 * result back, so a double click, a retry or two tabs apply once. If the change fails, the
 * claim rolls back with it and the same key may try again. `after` runs once the change is committed (change
 * announcements), never on a replay.
 */
export async function oncePerRequest<T extends Json>(
  db: Db,
  actor: AdminActor,
  { requestKey, action, request, part }: ConsoleRequest,
  perform: (tx: DbTx) => Promise<T>,
  after?: (result: T) => void,
): Promise<T> {
  if (!actor.id) throw new AppError("FORBIDDEN", "Console requests need a signed-in admin.");
  const actorId = actor.id;
  const key = part === undefined ? RequestKeySchema.parse(requestKey) : `${RequestKeySchema.parse(requestKey)}/${part}`;
  const fields = JSON.stringify(request);
  const outcome = await db.$transaction(async (tx) => {
    const claimed = await tx.$queryRaw<Array<{ id: bigint }>>`
      INSERT INTO admin_request ("actorId", key, action, request) VALUES (${actorId}, ${key}, ${action}, ${fields}::jsonb)
      ON CONFLICT ("actorId", key) DO NOTHING RETURNING id`;
    if (claimed.length === 0) {
      // Read committed: this statement sees the row the other submission committed. jsonb's
      // equality ignores the order of keys; a row from before requests were kept has none.
      const [stored] = await tx.$queryRaw<Array<{ action: string; sameRequest: boolean; result: unknown }>>`
        SELECT action, (request IS NULL OR request = ${fields}::jsonb) AS "sameRequest", result
        FROM admin_request WHERE "actorId" = ${actorId} AND key = ${key}`;
      if (!stored) throw new AppError("CONFLICT", "This request key's first submission is gone; reload the form.");
      if (stored.action !== action || !stored.sameRequest)
        throw new AppError(
          "CONFLICT",
          `This request key was already used for another request (${stored.action}${stored.action === action ? " with another target or other fields" : ""}): nothing was done; reload the form.`,
        );
      return { result: stored.result as T, replayed: true };
    }
    const result = await perform(tx);
    await tx.adminRequest.update({ where: { id: claimed[0]!.id }, data: { result } });
    return { result, replayed: false };
  });
  if (!outcome.replayed) after?.(outcome.result);
  return outcome.result;
}

/**
 * How every admin mutation runs: a console admin's (actor.id set) must carry a requestKey and
 * applies once per key; the CLI's (the operator at the machine, one command per run) runs in a
 * plain transaction.
 */
export async function runAdminMutation<T extends Json>(
  db: Db,
  actor: AdminActor,
  request: Omit<ConsoleRequest, "requestKey"> & { requestKey?: string | undefined },
  perform: (tx: DbTx) => Promise<T>,
  after?: (result: T) => void,
): Promise<T> {
  if (request.requestKey !== undefined) return oncePerRequest(db, actor, { ...request, requestKey: request.requestKey }, perform, after);
  if (actor.id) throw new AppError("BAD_REQUEST", "requestKey: required for a console action (a UUID made when the form was drawn)");
  const result = await db.$transaction(perform);
  after?.(result);
  return result;
}

/**
 * Bans, deletions and role changes in the console need the account's e-mail typed back, so no
 * single click changes who someone is. The CLI names the account by e-mail already.
 */
export function assertTypedConfirmation(actor: AdminActor, email: string, confirmation: string | undefined, what: string) {
  if (!actor.id) return;
  if ((confirmation ?? "").trim().toLowerCase() !== email.toLowerCase())
    throw new AppError("BAD_REQUEST", `confirmation: type the account's e-mail (${email}) to ${what}`);
}
