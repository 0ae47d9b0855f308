import { getActivePackOrThrow, getPackDetail, listActivePacks, openPack } from "@prizepacks/core";
import { accountProcedure, middleware, openProcedure, router, wellFormedBody } from "../../trpc.ts";
import {
  getPackInput,
  getPackMeta,
  getPackOutput,
  listPacksInput,
  listPacksMeta,
  listPacksOutput,
  openPackInput,
  openPackMeta,
  openPackOutput,
  type PackFamily,
} from "./pack-family.types.ts";

/**
 * An unknown or inactive pack is a 404: placed before wellFormedBody, it answers ahead of the
 * body's 400. The pack it found rides on the context, so the opening does not look it up again.
 */
const activePack = middleware(async ({ ctx, input, next }) => {
  const pack = await getActivePackOrThrow(ctx.services, (input as { idOrSlug: string }).idOrSlug);
  return next({ ctx: { pack } });
});

/**
 * One definition, mounted once per family: trpc-to-openapi maps one procedure to one path,
 * so /v1/packs and /v1/boxes each get their own procedures built from this.
 */
export function packFamilyRouter(family: PackFamily) {
  return router({
    list: accountProcedure
      .meta(listPacksMeta(family))
      .input(listPacksInput)
      .output(listPacksOutput)
      .query(({ ctx }) => listActivePacks(ctx.services)),

    get: accountProcedure
      .meta(getPackMeta(family))
      .input(getPackInput)
      .output(getPackOutput)
      .query(({ ctx, input }) => getPackDetail(ctx.services, input.idOrSlug)),

    open: openProcedure
      .meta(openPackMeta(family))
      .input(openPackInput)
      .use(activePack)
      .use(wellFormedBody)
      .output(openPackOutput)
      .mutation(({ ctx, input }) =>
        openPack(ctx.services, {
          userId: ctx.userId,
          idOrSlug: input.idOrSlug,
          pack: ctx.pack,
          idempotencyKey: ctx.headers.get("idempotency-key") ?? undefined,
        }),
      ),
  });
}
