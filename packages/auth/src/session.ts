import { assertAccountMayAct } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { createAuth, type Auth } from "./auth.ts";

const GLOBAL_KEY = Symbol.for("prizepacks.auth");
type AuthRegistry = { auth?: Auth; services?: Services };

/** The process's auth instance, built once for the process's database client. */
export function getAuth(services: Services): Auth {
  const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: AuthRegistry };
  const registry = (g[GLOBAL_KEY] ??= {});
  if (!registry.auth || registry.services !== services) {
    registry.auth = createAuth(services);
    registry.services = services;
  }
  return registry.auth;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user of a request, or null. Never checks standing: see findActingUserId. */
export async function findSessionUser(services: Services, headers: Headers): Promise<SessionUser | null> {
  const session = await getAuth(services).api.getSession({ headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

/**
 * The signed-in user who may act, or null when nobody is signed in. Throws FORBIDDEN (403)
 * for banned, deleted or unverified accounts, the same rule as for API keys; the database
 * is read each time, so a ban takes effect on the next request.
 */
export async function findActingUserId(services: Services, headers: Headers): Promise<string | null> {
  const db = services.database.prisma;
  const sessionUser = await findSessionUser(services, headers);
  if (!sessionUser) return null;
  const user = await db.user.findUnique({ where: { id: sessionUser.id } });
  if (!user) return null;
  assertAccountMayAct(user);
  return user.id;
}
