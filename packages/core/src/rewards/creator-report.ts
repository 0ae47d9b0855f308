import { z } from "zod";
import type { DbTx } from "@prizepacks/db";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { writeAdminLog, type AdminActor } from "../admin-log/write-admin-log.ts";
import { CreatorCodeString } from "../contract/rewards.ts";
import { AppError } from "../errors.ts";
import { RETIRED_CREATOR_CODE, retiredCodeError } from "./affiliate.ts";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";

export interface CreatorReportRow extends Record<string, unknown> {
  id: string;
  code: string;
  /** The creator's account (the console sees accounts; players never see each other). */
  userId: string;
  email: string;
  disabled: boolean;
  createdAt: string;
  referrals: number;
  earning: number;
  /** Commission accrued, rounded down to the cent, and claimed. */
  accrued: string;
  claimed: string;
}

export interface CreatorReport extends Record<string, unknown> {
  codes: CreatorReportRow[];
  totals: { codes: number; referrals: number; accrued: string; claimed: string };
}

/** The console's creator report: every code (most referrals first, at most 500) and the totals. */
export async function getCreatorReport(services: Deps): Promise<CreatorReport> {
  const { sql } = services.database;
  const codes = await sql.query<CreatorReportRow>(
    `SELECT c.id, c.code, c."userId", u.email, c."disabledAt" IS NOT NULL AS disabled,
            to_char(c."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
            coalesce(f.referrals, 0)::int AS referrals, coalesce(f.earning, 0)::int AS earning,
            trunc(coalesce(f.accrued, 0), 2)::text AS accrued, c."commissionClaimed"::text AS claimed
     FROM creator_code c JOIN "user" u ON u.id = c."userId"
     LEFT JOIN LATERAL (
       SELECT count(*) AS referrals, count(*) FILTER (WHERE r."commissionEndsAt" > now() AT TIME ZONE 'UTC') AS earning,
              sum(r."commissionAccrued") AS accrued
       FROM referral r WHERE r."creatorCodeId" = c.id
     ) f ON true
     ORDER BY referrals DESC, c."createdAt" DESC LIMIT 500`,
  );
  const [totals] = await sql.query<{ codes: number; referrals: number; accrued: string; claimed: string }>(
    `SELECT (SELECT count(*) FROM creator_code)::int AS codes, (SELECT count(*) FROM referral)::int AS referrals,
            trunc(coalesce((SELECT sum("commissionAccrued") FROM referral), 0), 2)::text AS accrued,
            coalesce((SELECT sum("commissionClaimed") FROM creator_code), 0)::text AS claimed`,
  );
  return {
    codes: codes.map((row) => ({ ...row, accrued: formatMoney(row.accrued), claimed: formatMoney(row.claimed) })),
    totals: {
      codes: totals?.codes ?? 0,
      referrals: totals?.referrals ?? 0,
      accrued: formatMoney(totals?.accrued ?? "0"),
      claimed: formatMoney(totals?.claimed ?? "0"),
    },
  };
}

export const CreatorCodeRenameSchema = z.object({
  id: z.string().min(1).max(64),
  code: CreatorCodeString,
  requestKey: RequestKeySchema.optional(),
});

/**
 * Renames a creator code (an offensive or misleading one), logged. Its referrals and commission
 * stay with it: they name the code's row, not its text. Unique in any case, as at creation.
 */
export async function renameCreatorCode(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof CreatorCodeRenameSchema>,
): Promise<CreatorReportRow> {
  const { id, code, requestKey } = parseInputOrThrow(CreatorCodeRenameSchema, input);
  const run = async (tx: DbTx) => {
    const [before] = await tx.$queryRaw<Array<{ code: string }>>`SELECT code FROM creator_code WHERE id = ${id} FOR UPDATE`;
    if (!before) throw new AppError("NOT_FOUND", `No creator code ${id}.`);
    const taken = await tx.$queryRaw<unknown[]>`SELECT 1 FROM creator_code WHERE lower(code) = lower(${code}) AND id <> ${id}`;
    if (taken.length > 0) throw new AppError("CONFLICT", `The creator code ${code} is taken (codes are unique in any case).`);
    if ((await tx.$queryRawUnsafe<unknown[]>(RETIRED_CREATOR_CODE, code)).length > 0) throw retiredCodeError(code);
    await tx.$executeRaw`UPDATE creator_code SET code = ${code}, "updatedAt" = now() WHERE id = ${id}`;
    await writeAdminLog(
      services,
      actor,
      { action: "rewards.creator_code_renamed", targetType: "creator_code", targetId: id, before: { code: before.code }, after: { code } },
      { tx },
    );
    return id;
  };
  const changed = await runAdminMutation(
    services.database.prisma,
    actor,
    { requestKey, action: "rewards.creator_code_renamed", request: { id, code } },
    run,
  );
  return findReportRow(services, changed);
}

export const CreatorCodeDisableSchema = z.object({ id: z.string().min(1).max(64), requestKey: RequestKeySchema.optional() });

/**
 * Disables a creator code, logged, for good: no account can enter it any more, and the
 * commission windows of its referrals end now (paid_play accrues nothing more for them). What
 * accrued before stays the creator's to claim: it was earned under the terms in force.
 */
export async function disableCreatorCode(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof CreatorCodeDisableSchema>,
): Promise<CreatorReportRow> {
  const { id, requestKey } = parseInputOrThrow(CreatorCodeDisableSchema, input);
  const run = async (tx: DbTx) => {
    const [before] = await tx.$queryRaw<Array<{ code: string; disabled: boolean }>>`
      SELECT code, "disabledAt" IS NOT NULL AS disabled FROM creator_code WHERE id = ${id} FOR UPDATE`;
    if (!before) throw new AppError("NOT_FOUND", `No creator code ${id}.`);
    if (before.disabled) throw new AppError("CONFLICT", `The creator code ${before.code} is disabled already.`);
    await tx.$executeRaw`UPDATE creator_code SET "disabledAt" = now() AT TIME ZONE 'UTC', "updatedAt" = now() WHERE id = ${id}`;
    const ended = await tx.$executeRaw`
      UPDATE referral SET "commissionEndsAt" = now() AT TIME ZONE 'UTC'
      WHERE "creatorCodeId" = ${id} AND "commissionEndsAt" > now() AT TIME ZONE 'UTC'`;
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.creator_code_disabled",
        targetType: "creator_code",
        targetId: id,
        before: { code: before.code, disabled: false },
        after: { code: before.code, disabled: true, commissionWindowsEnded: ended },
      },
      { tx },
    );
    return id;
  };
  const changed = await runAdminMutation(
    services.database.prisma,
    actor,
    { requestKey, action: "rewards.creator_code_disabled", request: { id } },
    run,
  );
  return findReportRow(services, changed);
}

async function findReportRow(services: Deps, id: string): Promise<CreatorReportRow> {
  const row = (await getCreatorReport(services)).codes.find((code) => code.id === id);
  if (row) return row;
  throw new AppError("NOT_FOUND", `No creator code ${id}.`);
}
