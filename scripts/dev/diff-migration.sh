#!/usr/bin/env bash
# Writes a new migration: the SQL from schema.prisma at a git ref (default HEAD, i.e. what the
# existing migrations produce) to the working tree's schema.prisma. Uses Prisma 6.19's CLI,
# whose schema engine runs as WASM offline; a pure schema-to-schema diff needs no database.
# Dev-only, installed into a temporary folder.
set -euo pipefail
name=${1:?usage: scripts/dev/diff-migration.sh <name> [git-ref]}
ref=${2:-HEAD}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

to_prisma6() {
  # Prisma 6 wants a URL in the schema and the classic generator.
  sed -e 's/provider *= *"prisma-client"/provider = "prisma-client-js"/' \
      -e '/moduleFormat\|importFileExtension\|generatedFileExtension\|^ *output /d' \
      -e 's#^  provider = "postgresql"#  provider = "postgresql"\n  url = "postgresql://unused"#'
}
git -C "$root" show "$ref:prisma/schema.prisma" | to_prisma6 > "$work/from.prisma"
to_prisma6 < "$root/prisma/schema.prisma" > "$work/to.prisma"

cd "$work"
npm init -y >/dev/null
npm install --silent prisma@6.19 @prisma/adapter-pg@6.19 pg >/dev/null
# engine "js" selects the WASM schema engine; a schema-to-schema diff never connects.
cat > prisma.config.ts <<'CFG'
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "to.prisma",
  adapter: async () => new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" }),
});
CFG
stamp=$(date -u +%Y%m%d%H%M%S)
out="$root/prisma/migrations/${stamp}_${name}"
mkdir -p "$out"
trap 'rm -rf "$work"; [ -s "$out/migration.sql" ] || rm -rf "$out"' EXIT
PRISMA_QUERY_ENGINE_LIBRARY=/bin/true PRISMA_SCHEMA_ENGINE_BINARY=/bin/true \
  npx prisma migrate diff --from-schema-datamodel from.prisma --to-schema-datamodel to.prisma --script > "$out/migration.sql"
[ -s "$out/migration.sql" ] || { rmdir "$out" 2>/dev/null; rm -rf "$out"; echo "no schema changes" >&2; exit 1; }
echo "wrote $out/migration.sql"
