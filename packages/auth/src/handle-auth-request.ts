import { AsyncLocalStorage } from "node:async_hooks";
import { isStorableText } from "@prizepacks/core";
import type { Db } from "@prizepacks/db";
import { classifyDatabaseError } from "@prizepacks/db/faults";
import { getAuth } from "./session.ts";

/** The errors better-auth met while answering this request (see onAPIError in auth.ts). */
const requestFaults = new AsyncLocalStorage<{ errors: unknown[] }>();

export function recordAuthError(error: unknown): void {
  requestFaults.getStore()?.errors.push(error);
}

const DATABASE_RETRY_AFTER_SECONDS = "2";

/**
 * better-auth behind the rules every endpoint of ours keeps: text PostgreSQL cannot store is
 * a 400 naming the field (better-auth would pass it to the database), and a database that is
 * down or slow is a 503 with Retry-After, not better-auth's bare 500.
 */
export async function handleAuthRequest(db: Db, req: Request): Promise<Response> {
  const unstorable = await findUnstorableField(req);
  if (unstorable) {
    return Response.json(
      { message: `${unstorable}: must not contain NUL characters or unpaired surrogates`, code: "BAD_REQUEST" },
      { status: 400 },
    );
  }
  const store = { errors: [] as unknown[] };
  const response = await requestFaults.run(store, () => getAuth(db).handler(req));
  if (response.status < 500) return response;
  if (store.errors.some((error) => classifyDatabaseError(error) === "unavailable")) {
    return Response.json(
      { message: "The database is unavailable or busy; try again shortly.", code: "UNAVAILABLE" },
      { status: 503, headers: { "Retry-After": DATABASE_RETRY_AFTER_SECONDS } },
    );
  }
  console.error("[auth] internal error", ...store.errors);
  return Response.json({ message: "Internal server error.", code: "INTERNAL" }, { status: 500 });
}

async function findUnstorableField(req: Request): Promise<string | null> {
  for (const [key, value] of new URL(req.url).searchParams) if (!isStorableText(key) || !isStorableText(value)) return key;
  if (req.method !== "POST") return null;
  let body: unknown;
  try {
    body = JSON.parse(await req.clone().text());
  } catch {
    return null; // better-auth answers malformed bodies itself
  }
  return findUnstorableString(body, "body");
}

function findUnstorableString(value: unknown, path: string): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = isStorableText(key) ? findUnstorableString(inner, `${path}.${key}`) : `${path}.${key}`;
    if (found) return found;
  }
  return null;
}
