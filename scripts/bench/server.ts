// The PostgreSQL server the bench makes its database on, and the service under test started
// with the project's own start command.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { appRoot, flag, postgresServerUrl, redisUrl, WORKERS } from "./options.ts";
export async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface Server {
  baseUrl: string;
  /** The HTTP server process (a child of the start script; with WEB_CONCURRENCY above 1 the primary), for its memory. */
  pid: () => number | undefined;
  /** Every process of the server: the one, or the primary and its workers. */
  pids: () => number[];
  /** Its data folder (the local beacon's key among others). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** Characters of the server's output kept for error messages. */
const OUTPUT_KEPT = 256 * 1024;

export async function startServer(
  databaseUrl: string,
  { appRoot: root = appRoot, workers = WORKERS }: { appRoot?: string; workers?: number } = {},
): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-bench-"));
  // The server's output for the errors that quote it: its tail only. It logs a line per request,
  // and at 1,500 requests a second a whole run's exceeded V8's longest string (2026-11-28, in the soak).
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > OUTPUT_KEPT) output = output.slice(-OUTPUT_KEPT);
  };
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PRIZEPACKS_DATA_DIR: dataDir,
      PRIZEPACKS_SKIP_BUILD: flag("build") ? "" : "1",
      // High enough never to throttle, still counted in Redis on every request.
      RATE_LIMIT_OPEN_PER_MINUTE: "1000000000",
      RATE_LIMIT_API_PER_MINUTE: "1000000000",
      RATE_LIMIT_PREFIX: `bench-${randomUUID()}`,
      SHUTDOWN_DELAY_SECONDS: "0",
      // Logs as production writes them (the bench's server is in demo mode, on loopback, for its local beacon).
      LOG_FORMAT: "json",
      // The webhook receiver of the "with streams" phase listens on loopback.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (
      await fetch(`${baseUrl}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const childrenOf = (parent: number | undefined) =>
    parent === undefined
      ? []
      : spawnSync("pgrep", ["-P", String(parent)], { encoding: "utf8" })
          .stdout.trim()
          .split("\n")
          .filter(Boolean)
          .map(Number);
  const pid = () => childrenOf(child.pid)[0];
  const pids = () => {
    const server = pid();
    return server === undefined ? [] : [server, ...childrenOf(server)];
  };
  return { baseUrl, pid, pids, dataDir, stop };
}

export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
