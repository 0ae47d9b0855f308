import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import { AppError, authenticateApiKey } from "@prizepacks/core";
import type { Context } from "./context.ts";
import { describeError, describeInputIssues, toTRPCError } from "./errors.ts";
import { assertRateLimit } from "./rate-limit/limiter.ts";
import type { RateLimitPolicyName } from "./rate-limit/policies.ts";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const described = describeError(error);
      const input = error.cause instanceof ZodError ? describeInputIssues(error.cause) : undefined;
      return {
        message: input?.message ?? described.message,
        code: shape.code,
        data: { code: described.code, httpStatus: described.status, retryAfter: described.retryAfterSeconds, issues: input?.issues },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Converts every error to a TRPCError carrying an AppError, once, for all transports. */
const errorBoundary = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    // ZodErrors from input parsing are already TRPCError(BAD_REQUEST); keep them.
    const converted = toTRPCError(result.error.cause instanceof AppError ? result.error.cause : result.error);
    if (converted !== result.error) (result as { error: unknown }).error = converted;
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorBoundary);

/**
 * The caller acting on its own account: an API key on REST, the signed-in session on the
 * web (401 / 403 either way). The transport's `source`, not the route, decides which applies.
 */
const authenticated = publicProcedure.use(async ({ ctx, next }) => {
  if (ctx.source === "rest") {
    const principal = await authenticateApiKey(ctx.db, presentedApiKey(ctx.headers));
    return next({ ctx: { ...ctx, userId: principal.userId, apiKeyId: principal.apiKeyId as string | null, rateLimitId: `key:${principal.apiKeyId}` } });
  }
  const userId = await ctx.resolveSessionUserId();
  if (!userId) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  return next({ ctx: { ...ctx, userId, apiKeyId: null as string | null, rateLimitId: `user:${userId}` } });
});

function presentedApiKey(headers: Headers): string | undefined {
  const authorization = headers.get("authorization")?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? match[1] : authorization; // a non-Bearer value is checked (and refused) as malformed
  }
  return headers.get("x-api-key")?.trim() || undefined;
}

function rateLimited(policy: RateLimitPolicyName) {
  return t.middleware(async ({ ctx, next }) => {
    const c = ctx as Context & { rateLimitId: string };
    try {
      const headers = await assertRateLimit({ policy, identifier: c.rateLimitId });
      if (headers) Object.assign(c.responseHeaders, headers);
    } catch (error) {
      if (error instanceof AppError && error.details.retryAfterSeconds !== undefined) {
        c.responseHeaders["Retry-After"] = String(error.details.retryAfterSeconds);
      }
      throw error;
    }
    return next();
  });
}

// Precedence of refusals: 401, 403 (authentication) → 429 (limit) → then the procedure:
// 404 for a missing pack before any 400 about the request or the balance.
export const accountProcedure = authenticated.use(rateLimited("api"));
export const openProcedure = authenticated.use(rateLimited("open"));

/** Signed-in web sessions only: managing API keys and demo deposits are not for keys. */
export const sessionProcedure = accountProcedure.use(({ ctx, next }) => {
  if (ctx.source !== "web") throw new AppError("FORBIDDEN", "This action is available in the web app only.");
  return next();
});
