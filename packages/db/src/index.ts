// Types and enums only: importing the root never loads the client, pg or PGlite, so type
// imports are free anywhere (client components included). What runs is in subpaths: the client
// factory (./client), the Prisma namespace (./prisma), ids (./ids), the environment (./env),
// what an error means (./faults), migrations (./migrate).
export type * from "./generated/prisma/models.ts";
export * from "./generated/prisma/enums.ts";
export type { ChangeHandlers, Database, Db, DbTx, OpenDatabaseOptions, PoolStats, SqlQuery, SqlRunner } from "./client.ts";
export type { DbEnv } from "./env.ts";
export type { DatabaseFault } from "./faults.ts";
