import { openServices } from "@prizepacks/core/server";
import { getDatabase } from "@prizepacks/db/client";

/** The database of this server process (one per process, see getDatabase). */
export const database = getDatabase;

/** Its Prisma client. */
export async function db() {
  return (await getDatabase()).prisma;
}

/**
 * The process's Services: the same object server.ts opened at start (openServices keeps one
 * per database, on globalThis), found here rather than passed because Next.js loads this
 * module in its own route bundles. Starts no background job; server.ts does that once.
 */
export async function services() {
  return openServices(await getDatabase());
}
