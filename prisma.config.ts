import { defineConfig } from "prisma/config";

// DATABASE_URL is optional: `prisma generate` needs none, and the app falls back to embedded PGlite.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/prizepacks" },
});
