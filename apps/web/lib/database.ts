import { getDatabase } from "@prizepacks/db/client";

/** The database of this server process (one per process, see getDatabase). */
export const database = getDatabase;

/** Its Prisma client. */
export async function db() {
  return (await getDatabase()).prisma;
}
