import type { Db, DbTx } from "@prizepacks/db";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { DEFAULT_RTP_RANGE, toCents, type RtpRange } from "./pack-rules.ts";

export async function getRtpRange(db: DbTx): Promise<RtpRange> {
  const row = await db.catalogSettings.findUnique({ where: { id: 1 } });
  if (!row) return { ...DEFAULT_RTP_RANGE };
  return { minPercent: row.rtpMinPercent.toFixed(2), maxPercent: row.rtpMaxPercent.toFixed(2) };
}

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "a percentage with at most two decimals");

export const RtpRangeSchema = z
  .object({ minPercent: percent, maxPercent: percent })
  .refine((range) => toCents(range.minPercent) > 0n && toCents(range.minPercent) <= toCents(range.maxPercent) && toCents(range.maxPercent) <= 10000n, {
    message: "need 0 < minimum ≤ maximum ≤ 100",
    // Only once both are percentages: zod runs an object's refinement after its fields' own
    // issues too, and toCents throws on anything else (a 500 for "eighty", not a 400).
    when: (payload) => payload.issues.length === 0,
  });

/** The expected-return range a pack must fall in to be published. */
export async function setRtpRange(db: Db, actor: AdminActor, input: RtpRange): Promise<RtpRange> {
  const range = parseInputOrThrow(RtpRangeSchema, input);
  return db.$transaction(async (tx) => {
    const before = await getRtpRange(tx);
    await tx.catalogSettings.upsert({
      where: { id: 1 },
      create: { id: 1, rtpMinPercent: range.minPercent, rtpMaxPercent: range.maxPercent },
      update: { rtpMinPercent: range.minPercent, rtpMaxPercent: range.maxPercent },
    });
    const after = await getRtpRange(tx);
    await writeAdminLog(tx, actor, { action: "settings.rtp_range", targetType: "settings", targetId: "rtp_range", before, after });
    return after;
  });
}
