#!/usr/bin/env node
// npm start: build what is needed, prepare the database, then serve on PORT (default 3000).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
// Loopback unless told otherwise (the same default as @prizepacks/core's serviceEnv, which
// also decides demo mode from it): nothing is reachable from outside by accident.
const host = process.env.HOST || "127.0.0.1";
const dataDir = path.resolve(process.env.PRIZEPACKS_DATA_DIR ?? path.join(root, ".data"));
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`[prizepacks] ${path.basename(command)} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

run("npm", ["run", "--silent", "db:generate"]);
if (process.env.PRIZEPACKS_SKIP_BUILD !== "1") run(bin("turbo"), ["run", "build", "--output-logs=errors-only"]);
// The folder as resolved here (a relative PRIZEPACKS_DATA_DIR means relative to where npm start
// was run): prepare.ts runs from the repository root and would otherwise resolve it elsewhere.
run(bin("tsx"), ["scripts/prepare.ts"], { PRIZEPACKS_DATA_DIR: dataDir });

// Hand-off for the admin CLI while this server holds the embedded database.
const token = randomBytes(32).toString("hex");
const handoff = path.join(dataDir, "server.json");
mkdirSync(dataDir, { recursive: true });
writeFileSync(handoff, JSON.stringify({ port, token, pid: process.pid }), { mode: 0o600 });

// apps/web/server.ts: /v1 and /api/health directly, the rest through Next.js (one process).
// PRIZEPACKS_CPU_PROFILE_DIR: a V8 CPU profile of the server, written when it stops (npm run bench -- --profile).
const profile = process.env.PRIZEPACKS_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PRIZEPACKS_CPU_PROFILE_DIR}`] : [];
const server = spawn(process.execPath, [...profile, "--import", "tsx", "apps/web/server.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: String(port),
    HOST: host,
    PRIZEPACKS_ADMIN_TOKEN: token,
    PRIZEPACKS_DATA_DIR: dataDir,
    NODE_ENV: "production",
  },
});
const stop = (signal) => server.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code, signal) => {
  rmSync(handoff, { force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
