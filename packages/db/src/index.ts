export { openDatabase, getDatabase, SERVICE_WAIT_BOUNDS } from "./client.ts";
export type { ChangeHandlers, Database, Db, DbTx, SqlQuery, SqlRunner, OpenDatabaseOptions } from "./client.ts";
export { newId } from "./ids.ts";
export { dbEnv } from "./env.ts";
export { Prisma } from "./generated/prisma/client.ts";
export * from "./generated/prisma/enums.ts";
export { classifyDatabaseError } from "./faults.ts";
export type { DatabaseFault } from "./faults.ts";
