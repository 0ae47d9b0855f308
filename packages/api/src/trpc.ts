import { initTRPC } from "@trpc/server";
import { attributeToAccount } from "@prizepacks/db/log";
import { AppError, isAdminRole, type AdminActor, type OpenResult } from "@prizepacks/core";
import { CLIENT_ADDRESS_HEADER } from "@prizepacks/core/client-address-header";
import { presentedApiKey } from "./presented-api-key.ts";
import type { Context } from "./context.ts";
import { toAppError, toTRPCError } from "./errors.ts";
import { serverFaultRequestId } from "./http-error.ts";
import { opens } from "./metrics.ts";
import { takeRateLimitSlot } from "./rate-limit/limiter.ts";
import type { RateLimitPolicyName } from "./rate-limit/policies.ts";
import type { ProcedureMeta } from "./router/shared/rest-meta.ts";

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // What clients see of any error, over /api/trpc and (reshaped by rest.ts) over /v1.
    errorFormatter({ shape, error }) {
      const appError = toAppError(error);
      const { retryAfterSeconds, issues, protection, verification } = appError.details;
      return {
        message: appError.message,
        code: shape.code,
        data: {
          code: appError.code,
          httpStatus: appError.status,
          retryAfter: retryAfterSeconds,
          issues,
          protection,
          verification,
          requestId: serverFaultRequestId(appError),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure's outermost step, for all transports; one middleware rather than three because
 * tRPC copies its options object twice at each middleware (docs/performance.md "Round three"):
 *
 * - REST only: trpc-to-openapi's path templates match the raw path, so path parameters arrive
 *   percent-encoded ("mini%2Dgadget%2Dgrab"). They are decoded before the input is parsed; a
 *   segment that does not decode is kept as sent (it names no pack).
 * - After a mutation, committed or not: its events (if any) reach every stream now, not at the
 *   hubs' next poll. A failed one may have committed part of its work (a refusal recorded).
 * - Every error becomes a TRPCError carrying an AppError, once.
 */
const boundary = t.middleware(async ({ ctx, meta, type, getRawInput, next }) => {
  const names = ctx.source === "rest" ? pathParamNames(meta?.openapi?.path) : [];
  const result = await (names.length === 0
    ? next()
    : next({
        getRawInput: async () => {
          const raw = await getRawInput();
          if (typeof raw !== "object" || raw === null) return raw;
          const decoded: Record<string, unknown> = { ...raw };
          for (const name of names) if (typeof decoded[name] === "string") decoded[name] = decodeOrKeep(decoded[name]);
          return decoded;
        },
      }));
  if (type === "mutation") ctx.services.announceEvents();
  if (!result.ok) {
    const converted = toTRPCError(result.error);
    if (converted !== result.error) (result as { error: unknown }).error = converted;
  }
  return result;
});

const paramNamesByPath = new Map<string, string[]>();
function pathParamNames(path: string | undefined): string[] {
  if (!path) return [];
  let names = paramNamesByPath.get(path);
  if (!names) paramNamesByPath.set(path, (names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)));
  return names;
}

function decodeOrKeep(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const publicProcedure = t.procedure.use(boundary);

/**
 * The caller acting on its own account: an API key on REST, the signed-in session on the
 * web (401 / 403 either way). The transport's `source`, not the route, decides which applies.
 */
const authenticated = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.source === "rest") {
    const principal = await ctx.services.principals.authenticate(presentedApiKey(ctx.headers));
    attributeToAccount(principal.userId);
    // Only the added fields: tRPC merges them into a copy of the context itself (one copy, not two).
    return next({
      ctx: { userId: principal.userId, apiKeyId: principal.apiKeyId, rateLimitId: `key:${principal.apiKeyId}` },
    });
  }
  const userId = await ctx.resolveSessionUserId();
  if (!userId) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  attributeToAccount(userId);
  return next({ ctx: { userId, apiKeyId: null as string | null, rateLimitId: `user:${userId}` } });
});

function rateLimited(policy: RateLimitPolicyName) {
  return t.middleware(async ({ ctx, next }) => {
    const c = ctx as Context & { rateLimitId: string };
    const slot = await takeRateLimitSlot({ policy, identifier: c.rateLimitId });
    if (slot.headers) Object.assign(c.responseHeaders, slot.headers);
    c.rateLimitGiveBacks.push(() => slot.giveBack());
    return next();
  });
}

/**
 * Counts every opening an authenticated caller asks for (prizepacks_opens_total), placed before
 * the open limit so its refusals count too. The pack is labelled by its slug from the
 * catalogue, by which a caller may have named it or its id ("unknown" for a pack that is not
 * active: labels stay as many as the packs); the result is "ok" or the error's code.
 */
const countedOpening = t.middleware(async ({ ctx, getRawInput, next }) => {
  const result = await next();
  try {
    const named = result.ok
      ? (result.data as OpenResult).spin.packId
      : ((await getRawInput()) as { idOrSlug?: unknown } | undefined)?.idOrSlug;
    const pack = typeof named === "string" ? await ctx.services.catalog.find(named) : null;
    opens.inc({ pack: pack?.pack.slug ?? "unknown", result: result.ok ? "ok" : toAppError(result.error).code.toLowerCase() });
  } catch {
    // A count never fails the request (the catalogue unreadable: the request has its own answer).
  }
  return result;
});

/**
 * Requests that lock the account's wallet or seed pair take turns per account, in the
 * process's one queue (Services.turns, shared by web and REST). Openings take the same turn
 * inside openPack, so openProcedure does not add this.
 */
const oneAtATimePerAccount = t.middleware(({ ctx, next }) =>
  ctx.services.turns.run((ctx as Context & { userId: string }).userId, () => next()),
);

/**
 * For procedures that take a body: the REST wrapper's 400 for a body that was not a JSON object
 * (it passed `{}` on in its place). A procedure places it where the refusal belongs in its
 * order: before its input is parsed, so a malformed body is not reported as a missing field;
 * after a lookup that must answer 404 first (opening an unknown pack).
 */
export const wellFormedBody = t.middleware(({ ctx, next }) => {
  if (ctx.malformedBody) throw new AppError("BAD_REQUEST", ctx.malformedBody);
  return next();
});

/** Middlewares that need the procedure's parsed input (placed after its `.input()`). */
export const middleware = t.middleware;

// Precedence of refusals: 401, 403 (authentication) → 429 (limit) → then the procedure's own
// middlewares, in order: 404 for a missing pack before any 400 about the body or the balance.
export const accountProcedure = authenticated.use(rateLimited("api"));
/** Changes the account's money or seeds. */
export const accountMutationProcedure = accountProcedure.use(oneAtATimePerAccount);
export const openProcedure = authenticated.use(countedOpening).use(rateLimited("open"));
/** Takes a paid battle seat (create, join): the battles limit instead of the api one, and the account's turn. */
export const battleSeatProcedure = authenticated.use(rateLimited("battles")).use(oneAtATimePerAccount);

/** Stakes or trades items (upgrades, exchanges): their own limit; an upgrade takes its account's turn itself (upgradeItems), as an opening does. */
export const upgradeProcedure = authenticated.use(rateLimited("upgrades"));
export const exchangeProcedure = upgradeProcedure.use(oneAtATimePerAccount);
/** Claims a reward (rakeback, the daily case): their own limit, failing closed as money moves. */
export const rewardClaimProcedure = authenticated.use(rateLimited("rewards"));

/**
 * Public reads that need no key (the transparency log), limited per client address. The server
 * stamps the address header (CLIENT_ADDRESS_HEADER, replacing any the client sent) before these
 * routes; without it (an in-process caller) they share one "unknown" bucket.
 */
export const publicReadProcedure = publicProcedure
  .use(({ ctx, next }) => next({ ctx: { ...ctx, rateLimitId: `ip:${ctx.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown"}` } }))
  .use(rateLimited("transparency"));

/** Signed-in web sessions only: managing API keys and demo deposits are not for keys. */
export const sessionProcedure = accountProcedure.use(({ ctx, next }) => {
  if (ctx.source !== "web") throw new AppError("FORBIDDEN", "This action is available in the web app only.");
  return next();
});

/**
 * Operators: a signed-in web session of an account whose role is admin (403 for anyone else).
 * The role is read from the database on each call, so revoking it takes effect at once. Never
 * served over /v1: admin procedures declare no OpenAPI meta, and this refuses API keys anyway.
 */
export const adminProcedure = sessionProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.services.database.prisma.user.findUnique({
    where: { id: ctx.userId },
    select: { id: true, email: true, role: true },
  });
  if (!user || !isAdminRole(user.role)) throw new AppError("FORBIDDEN", "This console is for operators only.");
  const actor: AdminActor = { id: user.id, email: user.email };
  return next({ ctx: { actor } });
});
