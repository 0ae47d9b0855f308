// Prisma's namespace (Decimal, the sql tag, the error classes, the query types). It loads
// Prisma's runtime, hence a subpath of its own and not the types-only root.
export { Prisma } from "./generated/prisma/client.ts";
