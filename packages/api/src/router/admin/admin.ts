import { z } from "zod";
import {
  adjustBalance,
  ADMIN_ACTIONS,
  archivePack,
  deletePack,
  diffOddsVersions,
  getAccountForAdmin,
  getPackForAdmin,
  getPackReport,
  getRtpRange,
  listAdminLog,
  listArtInUse,
  listPacksForAdmin,
  revokeAccountKeyAsAdmin,
  ROLES,
  savePack,
  searchAccounts,
  setAccountRole,
  setAccountStanding,
  setPackActive,
  setRtpRange,
  simulatePack,
  STANDING_ACTIONS,
  StorableText,
} from "@prizepacks/core";
import { adminProcedure, router } from "../../trpc.ts";
import { IdInput } from "../shared/inputs.ts";

// The operator console's procedures: thin, each calling one domain function with the acting
// admin. Not part of /v1 (no OpenAPI meta), so none of this is in the public REST facade.

const Slug = StorableText.min(1).max(64);
/** A pack file as the console edits it; savePack and simulatePack apply every rule to it. */
const PackDraft = z.record(z.string(), z.unknown());

const packs = router({
  list: adminProcedure
    .input(z.object({ includeArchived: z.boolean().default(false) }).default({ includeArchived: false }))
    .query(({ ctx, input }) => listPacksForAdmin(ctx.db, input)),
  get: adminProcedure.input(z.object({ slug: Slug })).query(({ ctx, input }) => getPackForAdmin(ctx.db, input.slug)),
  save: adminProcedure.input(PackDraft).mutation(({ ctx, input }) => savePack(ctx.db, ctx.actor, input)),
  simulate: adminProcedure.input(PackDraft).mutation(({ input }) => simulatePack(input)),
  setActive: adminProcedure
    .input(z.object({ slug: Slug, active: z.boolean() }))
    .mutation(({ ctx, input }) => setPackActive(ctx.db, input, ctx.actor)),
  archive: adminProcedure.input(z.object({ slug: Slug })).mutation(({ ctx, input }) => archivePack(ctx.db, input, ctx.actor)),
  delete: adminProcedure.input(z.object({ slug: Slug })).mutation(({ ctx, input }) => deletePack(ctx.db, input, ctx.actor)),
  diff: adminProcedure
    .input(z.object({ slug: Slug, from: z.number().int().min(1), to: z.number().int().min(1) }))
    .query(({ ctx, input }) => diffOddsVersions(ctx.db, input)),
});

const settings = router({
  get: adminProcedure.query(async ({ ctx }) => {
    const [rtpRange, art] = await Promise.all([getRtpRange(ctx.db), listArtInUse(ctx.db)]);
    return { rtpRange, art };
  }),
  setRtpRange: adminProcedure
    .input(z.object({ minPercent: z.string().max(10), maxPercent: z.string().max(10) }))
    .mutation(({ ctx, input }) => setRtpRange(ctx.db, ctx.actor, input)),
});

const accounts = router({
  search: adminProcedure.input(z.object({ query: StorableText.max(320).default("") })).query(({ ctx, input }) => searchAccounts(ctx.db, input.query)),
  get: adminProcedure.input(z.object({ userId: IdInput })).query(({ ctx, input }) => getAccountForAdmin(ctx.db, input.userId)),
  setStanding: adminProcedure
    .input(z.object({ userId: IdInput, action: z.enum(STANDING_ACTIONS), reason: StorableText.max(500).optional() }))
    .mutation(({ ctx, input }) => setAccountStanding(ctx.db, ctx.actor, input)),
  setRole: adminProcedure
    .input(z.object({ userId: IdInput, role: z.enum(ROLES) }))
    .mutation(({ ctx, input }) => setAccountRole(ctx.db, ctx.actor, input)),
  adjust: adminProcedure
    .input(z.object({ userId: IdInput, direction: z.enum(["credit", "debit"]), amount: z.string().max(20), reason: StorableText.max(500) }))
    .mutation(({ ctx, input }) => adjustBalance(ctx.db, ctx.actor, input)),
  revokeKey: adminProcedure.input(z.object({ apiKeyId: IdInput })).mutation(({ ctx, input }) => revokeAccountKeyAsAdmin(ctx.db, ctx.actor, input)),
});

const log = router({
  list: adminProcedure
    .input(
      z.object({
        action: z.enum(ADMIN_ACTIONS).optional(),
        actor: StorableText.max(320).optional(),
        targetId: IdInput.optional(),
        cursor: z.string().regex(/^\d+$/).optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) => listAdminLog(ctx.db, input)),
});

const reports = router({
  get: adminProcedure
    .input(z.object({ from: z.string().max(10), to: z.string().max(10), slug: Slug.optional() }))
    .query(({ ctx, input }) => getPackReport(ctx.db, input)),
});

export const adminRouter = router({ packs, settings, accounts, log, reports });
