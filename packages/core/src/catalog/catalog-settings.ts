import type { DbTx } from "@prizepacks/db";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { moneyToCents } from "../contract/money-cents.ts";
import { DEFAULT_RTP_RANGE, type RtpRange } from "../contract/pack-rules.ts";
import type { Deps } from "../runtime/deps.ts";

export async function getRtpRange(services: Deps, options: { tx?: DbTx } = {}): Promise<RtpRange> {
  const db = options.tx ?? services.database.prisma;
  const row = await db.catalogSettings.findUnique({ where: { id: 1 } });
  if (!row) return { ...DEFAULT_RTP_RANGE };
  return { minPercent: row.rtpMinPercent.toFixed(2), maxPercent: row.rtpMaxPercent.toFixed(2) };
}

const percent = z
  .string()
  .trim()
  // abort: the range's refinement below runs only on percentages (moneyToCents throws on the rest).
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: "a percentage with at most two decimals", abort: true });

export const RtpRangeSchema = z
  .object({ minPercent: percent, maxPercent: percent })
  .refine(
    (range) =>
      moneyToCents(range.minPercent) > 0n &&
      moneyToCents(range.minPercent) <= moneyToCents(range.maxPercent) &&
      moneyToCents(range.maxPercent) <= 10000n,
    {
      message: "need 0 < minimum ≤ maximum ≤ 100",
    },
  );

/** The expected-return range a pack must fall in to be published. */
export async function setRtpRange(services: Deps, actor: AdminActor, input: RtpRange): Promise<RtpRange> {
  const db = services.database.prisma;
  const range = parseInputOrThrow(RtpRangeSchema, input);
  return db.$transaction(async (tx) => {
    const before = await getRtpRange(services, { tx });
    await tx.catalogSettings.upsert({
      where: { id: 1 },
      create: { id: 1, rtpMinPercent: range.minPercent, rtpMaxPercent: range.maxPercent },
      update: { rtpMinPercent: range.minPercent, rtpMaxPercent: range.maxPercent },
    });
    const after = await getRtpRange(services, { tx });
    await writeAdminLog(
      services,
      actor,
      { action: "settings.rtp_range", targetType: "settings", targetId: "rtp_range", before, after },
      { tx },
    );
    return after;
  });
}
