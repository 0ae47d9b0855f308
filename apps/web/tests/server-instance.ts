import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@prizepacks/core/testing";
import { TEST_TRANSPARENCY_LOG_KEY } from "./test-log-key.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerInstance {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The database of `ownDatabase` (its URL, for a second instance or the test's own checks). */
  databaseUrl?: string;
  /** With `ownDatabase` on PostgreSQL: that database's name (a test may break it; `stop` drops it). */
  databaseName?: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** SIGTERM (the server drains), then the start command's exit code; the data folder and database stay. */
  terminate: () => Promise<number | null>;
  /** terminate, then the data folder and the own database are removed. */
  stop: () => Promise<void>;
}

/**
 * The built app started with the project's own start command (build skipped: npm test built
 * it), on a free loopback port with a data folder of its own. `env` adds to or overrides the
 * test process's environment (DATABASE_URL, REDIS_URL, HOST, ...). `ownDatabase`: a database of
 * its own where DATABASE_URL is set, dropped by `stop` (PGlite lives in the data folder anyway):
 * a start with a new data folder on the shared database would mint a demo key and revoke the one
 * the shared e2e server printed, or put that database into production mode. `dataDir`: a data
 * folder of the caller's, kept by `stop` (a restart on the same embedded database).
 */
export async function startServer({
  env = {},
  label = "server",
  ownDatabase = false,
  dataDir: givenDataDir,
}: { env?: Record<string, string>; label?: string; ownDatabase?: boolean; dataDir?: string } = {}): Promise<ServerInstance> {
  const database = ownDatabase && process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), `prizepacks-${label}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PRIZEPACKS_DATA_DIR: dataDir,
      PRIZEPACKS_SKIP_BUILD: "1",
      TRANSPARENCY_LOG_KEY: process.env.TRANSPARENCY_LOG_KEY ?? TEST_TRANSPARENCY_LOG_KEY,
      RATE_LIMIT_PREFIX: `${label}-${port}-${Date.now()}`,
      // No load balancer to wait for: a stopped test server drains at once.
      SHUTDOWN_DELAY_SECONDS: "0",
      // One process, as every test before workers expects (its metrics, its per-instance limits); workers.e2e.test.ts asks for two.
      WEB_CONCURRENCY: "1",
      ...env,
      ...(database && { DATABASE_URL: database.url }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const terminate = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    return exited;
  };
  const stop = async () => {
    await terminate();
    if (process.env.E2E_SERVER_LOG) console.log(`--- ${label} ---\n${output}`);
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`${label} exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, port, dataDir, databaseUrl: database?.url, databaseName: database?.name, output: () => output, terminate, stop };
}

/** Runs the start command to its end, for starts that must refuse: exit code and output. */
export function runStartToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-refused-"));
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, PRIZEPACKS_DATA_DIR: dataDir, PRIZEPACKS_SKIP_BUILD: "1", WEB_CONCURRENCY: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}
