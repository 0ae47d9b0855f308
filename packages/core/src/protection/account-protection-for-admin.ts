import { AppError } from "../errors.ts";
import { AccountRefSchema } from "../users/account-admin.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { getPlayerProtection } from "./limits.ts";
import { listProtectionEvents, type ProtectionEventView } from "./protection-events.ts";
import type { PlayerProtection } from "../contract/protection.ts";
import type { Deps } from "../runtime/deps.ts";

/** What the console's account page shows of player protection: read-only, nothing here loosens it. */
export async function getAccountProtectionForAdmin(
  services: Deps,
  input: { userId: string },
): Promise<{ protection: PlayerProtection; events: ProtectionEventView[] }> {
  const db = services.database.prisma;
  const { userId } = parseInputOrThrow(AccountRefSchema, input);
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", `No account ${userId}.`);
  const [protection, events] = await Promise.all([getPlayerProtection(services, userId), listProtectionEvents(services, userId)]);
  return { protection, events };
}
