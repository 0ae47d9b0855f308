import { AppError } from "@prizepacks/core";
import type { Context } from "../../context.ts";

/**
 * Money out of an account (a withdrawal, a new payout destination) needs the signed-in web
 * session and its second factor: never an API key alone, so a leaked key cannot move money out.
 */
export async function requireSecondFactor(ctx: Context, userId: string, code: string): Promise<void> {
  if (ctx.source !== "web") throw webOnly();
  const check = await ctx.verifySecondFactor(userId, code);
  if (check === "ok") return;
  if (check === "not_enrolled")
    throw new AppError(
      "FORBIDDEN",
      "Set up two-factor authentication first (Settings → Security): withdrawals and payout destinations need your second factor.",
    );
  if (check === "used")
    throw new AppError(
      "BAD_REQUEST",
      "code: this two-factor code was already used; wait for the next code from your app, or use a backup code.",
    );
  if (check === "wrong")
    throw new AppError(
      "BAD_REQUEST",
      "code: the two-factor code is wrong or expired; enter the current code from your app, or a backup code.",
    );
  throw webOnly();
}

export const webOnly = () =>
  new AppError(
    "FORBIDDEN",
    "Withdrawals need the web app and your second factor: an API key can list withdrawals, never make one or add a payout destination.",
  );
