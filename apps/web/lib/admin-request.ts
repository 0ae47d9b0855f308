import { assertRateLimit } from "@prizepacks/api/rate-limit";
import { findActingUserId } from "@prizepacks/auth";
import { AppError, isAdminRole, type AdminActor } from "@prizepacks/core";
import { services } from "./database";
import { isSameOriginMutation } from "./same-origin";

/**
 * The signed-in admin of a console route outside tRPC, found as adminProcedure finds them and
 * refused in its order: cross-site 403, 401, 429, 403 for the account or its role (read now).
 */
export async function adminActorOrThrow(request: Request): Promise<AdminActor> {
  if (!isSameOriginMutation(request)) throw new AppError("FORBIDDEN", "Cross-site request refused.");
  const opened = await services();
  const userId = await findActingUserId(opened, request.headers);
  if (!userId) throw new AppError("UNAUTHORIZED", "Sign in to use the console.");
  await assertRateLimit({ policy: "api", identifier: `user:${userId}` });
  const user = await opened.database.prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, role: true } });
  if (!user || !isAdminRole(user.role)) throw new AppError("FORBIDDEN", "This console is for operators only.");
  return { id: user.id, email: user.email };
}
