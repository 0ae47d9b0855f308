// Types and enums only: importing this never opens a connection.
export type * from "./generated/prisma/models.ts";
export * from "./generated/prisma/enums.ts";
export type { Database, Db, DbTx } from "./client.ts";
