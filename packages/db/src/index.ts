export { openDatabase, getDatabase } from "./client.ts";
export type { Database, Db, DbTx, SqlRunner, OpenDatabaseOptions } from "./client.ts";
export { dbEnv } from "./env.ts";
export { Prisma } from "./generated/prisma/client.ts";
export * from "./generated/prisma/enums.ts";
export { classifyDatabaseError } from "./faults.ts";
export type { DatabaseFault } from "./faults.ts";
