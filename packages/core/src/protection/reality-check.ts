import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import {
  RealityCheckInputSchema,
  SetRealityCheckInputSchema,
  type RealityCheck,
  type RealityCheckMinutes,
} from "../contract/protection.ts";
import type { Deps } from "../runtime/deps.ts";
import { getPlayTotals } from "./play-totals.ts";

/**
 * The reality check of a web session: the player's interval, and what they paid for and won in
 * every game since the session began (getPlayTotals: openings and battles alike). The session's
 * start is the server's clock on its first call (the browser keeps it and sends it back), so a
 * browser clock that is off never moves play in or out of the session.
 */
export async function getRealityCheck(services: Deps, userId: string, input?: { since?: string }): Promise<RealityCheck> {
  const db = services.database.prisma;
  const parsed = parseInputOrThrow(RealityCheckInputSchema, input);
  const now = new Date();
  const asked = parsed?.since ? new Date(parsed.since) : now;
  const since = asked > now ? now : asked;
  const [user, play] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { realityCheckMinutes: true } }),
    getPlayTotals(services, userId, { from: since }),
  ]);
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  return {
    minutes: user.realityCheckMinutes as RealityCheckMinutes,
    since: since.toISOString(),
    openings: play.openings,
    battles: play.battles,
    paid: formatMoney(play.paid),
    won: formatMoney(play.won),
    net: formatMoney(play.won.minus(play.paid)),
  };
}

/** The player's choice of interval: 15, 30 or 60 minutes. */
export async function setRealityCheckInterval(
  services: Deps,
  userId: string,
  input: { minutes: number },
): Promise<{ minutes: RealityCheckMinutes }> {
  const db = services.database.prisma;
  const { minutes } = parseInputOrThrow(SetRealityCheckInputSchema, input);
  await db.user.update({ where: { id: userId }, data: { realityCheckMinutes: minutes } });
  return { minutes };
}
