#!/usr/bin/env node
// npm start: build when the sources changed, prepare the database, then serve on PORT (default
// 3000) with plain node, and say how long the server took to answer.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { inputsFingerprint, isBuildCurrent, recordBuild } from "./build-inputs.mjs";

const startedAt = performance.now();
const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
// Loopback unless told otherwise (the same default as @prizepacks/core's serviceEnv, which
// also decides demo mode from it): nothing is reachable from outside by accident.
const host = process.env.HOST || "127.0.0.1";
const dataDir = path.resolve(process.env.PRIZEPACKS_DATA_DIR ?? path.join(root, ".data"));
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// What `npm run build` makes: Next's build, and the server, its start-up step and the admin CLI as JavaScript.
const webDist = path.join(root, "apps", "web", "dist");
const serverScript = path.join(webDist, "server.js");
const prepareScript = path.join(webDist, "prepare.js");
const buildOutputs = [
  path.join(root, "apps", "web", ".next", "BUILD_ID"),
  serverScript,
  prepareScript,
  path.join(root, "apps", "admin-cli", "dist", "cli.js"),
];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`[prizepacks] ${path.basename(command)} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

if (process.env.PRIZEPACKS_SKIP_BUILD !== "1") {
  const fingerprint = inputsFingerprint();
  if (isBuildCurrent(webDist, fingerprint, buildOutputs)) {
    console.log("[prizepacks] build: up to date (sources unchanged since the last build)");
  } else {
    const buildStarted = performance.now();
    run(bin("turbo"), ["run", "build", "--output-logs=errors-only"]);
    recordBuild(webDist, fingerprint);
    console.log(`[prizepacks] build: done in ${seconds(buildStarted)}`);
  }
} else if (!buildOutputs.every((output) => existsSync(output))) {
  console.error("[prizepacks] PRIZEPACKS_SKIP_BUILD=1 but there is no build: run npm run build first");
  process.exit(1);
}
// The start-up step's stack traces name the TypeScript sources (the bundles carry source maps).
// The server runs without: Node then parses and keeps the map of every module it loads, Next's
// chunks and runtime included (46 MiB of its heap after load, docs/performance.md "Memory");
// NODE_OPTIONS=--enable-source-maps brings them back when a trace needs reading.
const sourceMaps = "--enable-source-maps";
// The folder as resolved here (a relative PRIZEPACKS_DATA_DIR means relative to where npm start
// was run): prepare runs from the repository root and would otherwise resolve it elsewhere.
run(process.execPath, [sourceMaps, prepareScript], { PRIZEPACKS_DATA_DIR: dataDir });

// Hand-off for the admin CLI while this server holds the embedded database.
const token = randomBytes(32).toString("hex");
const handoff = path.join(dataDir, "server.json");
mkdirSync(dataDir, { recursive: true });
writeFileSync(handoff, JSON.stringify({ port, token, pid: process.pid }), { mode: 0o600 });

// apps/web/server.ts, built: /v1, /api/health and /api/ready directly, the rest through Next.js (one process).
// PRIZEPACKS_CPU_PROFILE_DIR: a V8 CPU profile of the server, written when it stops (e.g. PRIZEPACKS_CPU_PROFILE_DIR=/tmp/profile npm run bench -- --only pgbench).
const profile = process.env.PRIZEPACKS_CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PRIZEPACKS_CPU_PROFILE_DIR}`] : [];
// PRIZEPACKS_INSPECT_PORT: the server's inspector on loopback, for its heap snapshots (scripts/bench/memory.ts).
const inspect = process.env.PRIZEPACKS_INSPECT_PORT ? [`--inspect=127.0.0.1:${Number(process.env.PRIZEPACKS_INSPECT_PORT)}`] : [];
// V8's old generation grown by half of what is live at each full collection, not by up to four
// times: at the soak's steady load it otherwise sized the heap to 900+ MiB (about 140 MiB live)
// and kept it. Paired with and without under the same load: the same requests per second, RSS
// flat at 323 MiB against 541 MiB and growing (docs/performance.md, "Memory").
const v8Memory = ["--heap-growing-percent=50"];
const serverStarted = performance.now();
const server = spawn(process.execPath, [...v8Memory, ...profile, ...inspect, serverScript], {
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
// The server drains on SIGTERM (readiness 503, SHUTDOWN_DELAY_SECONDS, in-flight requests answered)
// and exits 0; this process waits for it and exits with its code (128 + the signal's number if a signal killed it).
const stop = (signal) => server.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code, signal) => {
  rmSync(handoff, { force: true });
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});

// Ready when /api/ready answers 200 (/api/health answers as soon as the process listens), asked where the server listens (loopback for a wildcard address).
const pollHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
async function reportReady() {
  while (server.exitCode === null && server.signalCode === null) {
    try {
      const response = await fetch(`http://${pollHost}:${port}/api/ready`);
      if (response.status === 200) {
        console.log(`[prizepacks] ready in ${seconds(serverStarted)} (${seconds(startedAt)} since npm start)`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
void reportReady();
