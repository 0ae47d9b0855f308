import { createContext } from "@prizepacks/api";
import { findActingUserId } from "@prizepacks/auth";
import { database } from "./database";

/** The tRPC context of a web request: the caller is the signed-in session, never an API key. */
export async function createWebContext(headers: Headers) {
  const opened = await database();
  return createContext({ source: "web", database: opened, headers, resolveSessionUserId: () => findActingUserId(opened.prisma, headers) });
}
