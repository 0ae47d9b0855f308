import { createContext } from "@prizepacks/api";
import { findActingUserId } from "@prizepacks/auth";
import { db } from "./database";

/** The tRPC context of a web request: the caller is the signed-in session, never an API key. */
export async function createWebContext(headers: Headers) {
  const prisma = await db();
  return createContext({ source: "web", db: prisma, headers, resolveSessionUserId: () => findActingUserId(prisma, headers) });
}
