import { createContext } from "@prizepacks/api";
import { findActingUserId } from "@prizepacks/auth";
import { services } from "./database";

/** The tRPC context of a web request: the caller is the signed-in session, never an API key. */
export async function createWebContext(headers: Headers) {
  const opened = await services();
  return createContext({
    source: "web",
    services: opened,
    headers,
    resolveSessionUserId: () => findActingUserId(opened, headers),
  });
}
