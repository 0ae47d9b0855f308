import { getDatabase } from "@prizepacks/db";

/** The Prisma client of this server process (one per process, see getDatabase). */
export async function db() {
  return (await getDatabase()).prisma;
}
