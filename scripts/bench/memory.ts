// npm run bench:memory [-- --postgres [-- --idle-snapshot]] [-- --load-seconds N] [-- --top N] [-- --out DIR]
// npm run bench:memory -- --summary FILE.heapsnapshot [-- --top N]
//
// Where the server's memory goes: starts the build with the project's start command (the
// embedded default, or a database of its own on PostgreSQL + Redis with --postgres), and idle
// after start, then again after load (PostgreSQL only: the bench's accounts cannot reach a
// database inside the server), prints RSS split into V8's heap, external/array buffers and the
// rest (process.memoryUsage() through the inspector, /proc for anonymous and file pages), takes
// a heap snapshot and lists its top retainers. --summary lists them for a snapshot taken
// elsewhere (DevTools, --heapsnapshot-signal). See docs/performance.md, "Memory".
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { openDatabase } from "@prizepacks/db/client";
import { load } from "./load.ts";
import { log } from "./log.ts";
import { ACCOUNT_BALANCE, appRoot, flag, postgresServerUrl, redisUrl } from "./options.ts";
import { summarizeSnapshot } from "./heap-snapshot.ts";
import { onServer } from "./server.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const TOP = Number(option("top") ?? 15);
const LOAD_SECONDS = Number(option("load-seconds") ?? 60);
const OUT_DIR = path.resolve(option("out") ?? path.join(tmpdir(), "prizepacks-memory"));
const MiB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A DevTools protocol session over the inspector's WebSocket (Node's own, --experimental-websocket on Node 20). */
async function inspect(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  let onChunk: ((chunk: string) => void) | undefined;
  socket.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as { id?: number; result?: unknown; method?: string; params?: { chunk: string } };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    else if (message.method === "HeapProfiler.addHeapSnapshotChunk") onChunk?.(message.params!.chunk);
  };
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memoryUsage() {
      const result = (await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true })) as {
        result: { value: string };
      };
      return JSON.parse(result.result.value) as NodeJS.MemoryUsage;
    },
    async heapSnapshot(file: string) {
      const out = createWriteStream(file);
      onChunk = (chunk) => out.write(chunk);
      await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      onChunk = undefined;
      await new Promise((resolve) => out.end(resolve));
    },
    close: () => socket.close(),
  };
}

function procMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kB = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kB("VmRSS"), anon: kB("RssAnon"), file: kB("RssFile"), shmem: kB("RssShmem") };
}

async function measure(label: string, pid: number, session: Awaited<ReturnType<typeof inspect>>, { snapshot = true } = {}) {
  const proc = procMemory(pid);
  const usage = await session.memoryUsage();
  log(
    `${label}: RSS ${MiB(proc.rss)} MiB = anonymous ${MiB(proc.anon)} + files ${MiB(proc.file)} + shared ${MiB(proc.shmem)}; ` +
      `V8 heap used ${MiB(usage.heapUsed)} of ${MiB(usage.heapTotal)} MiB, external ${MiB(usage.external)} MiB ` +
      `(array buffers ${MiB(usage.arrayBuffers)}), the rest ${MiB(proc.rss - usage.heapTotal - usage.external)} MiB`,
  );
  if (!snapshot) return;
  const file = path.join(OUT_DIR, `${label.replace(/\W+/g, "-")}.heapsnapshot`);
  await session.heapSnapshot(file);
  const after = procMemory(pid);
  log(`${label}: heap snapshot ${file} (RSS ${MiB(after.rss)} MiB after the snapshot's GC)`);
  console.log(summarizeSnapshot(file, TOP));
}

async function main() {
  const snapshot = option("summary");
  if (snapshot) return console.log(summarizeSnapshot(snapshot, TOP));
  if (typeof WebSocket === "undefined") throw new Error("run with node --experimental-websocket (Node 20) or Node 22+");
  mkdirSync(OUT_DIR, { recursive: true });
  const postgres = flag("postgres");
  const [port, inspectPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-memory-"));
  const databaseName = `pp_memory_${Date.now()}`;
  const databaseUrl = new URL(postgresServerUrl);
  databaseUrl.pathname = `/${databaseName}`;
  if (postgres) await onServer(`CREATE DATABASE "${databaseName}"`);
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: appRoot,
    env: {
      ...inherited,
      ...(postgres
        ? {
            DATABASE_URL: databaseUrl.toString(),
            REDIS_URL: redisUrl,
            RATE_LIMIT_PREFIX: `memory-${randomUUID()}`,
            RATE_LIMIT_OPEN_PER_MINUTE: "1000000000",
            RATE_LIMIT_API_PER_MINUTE: "1000000000",
          }
        : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      PRIZEPACKS_DATA_DIR: dataDir,
      PRIZEPACKS_SKIP_BUILD: "1",
      PRIZEPACKS_INSPECT_PORT: String(inspectPort),
      SHUTDOWN_DELAY_SECONDS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    while (
      !(await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null) throw new Error("the server exited");
      await sleep(250);
    }
    const pid = Number(
      spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" })
        .stdout.trim()
        .split("\n")[0],
    );
    const session = await inspect(inspectPort);
    // Idle as a visitor would first find it: ready, then quiet for a few seconds.
    await sleep(10_000);
    // A snapshot leaves the process larger (V8's and malloc's working memory for it): taken
    // before the load, it would show in the figures after it. --idle-snapshot takes it anyway.
    await measure(`${postgres ? "postgres" : "embedded"} idle after start`, pid, session, { snapshot: !postgres || flag("idle-snapshot") });
    if (postgres) {
      const database = await openDatabase({ url: databaseUrl.toString(), waits: "operator" });
      const services = await openServices(database);
      const slugs = (await database.prisma.pack.findMany({ where: { active: true }, select: { slug: true } })).map((p) => p.slug);
      const apiKeys: string[] = [];
      for (let i = 0; i < 32; i++) {
        const email = `memory-${i}-${randomUUID().slice(0, 6)}@bench.prizepacks.local`;
        apiKeys.push((await createUser(services, { email, balance: parseMoney(ACCOUNT_BALANCE) })).apiKey);
      }
      await database.close();
      // Each page once (their route modules loaded), then the soak's mix: list, detail and opens.
      for (const page of ["/", `/packs/${slugs[0]}`, "/fairness", "/sign-in", "/docs", "/api/openapi.json"])
        await fetch(`${base}${page}`).then((r) => r.arrayBuffer());
      const key = (i: number) => apiKeys[i % apiKeys.length]!;
      log(`load: ${LOAD_SECONDS} s of list, detail and opens`);
      await Promise.all([
        load(base, { path: (i) => (i % 2 ? "/v1/packs" : `/v1/packs/${slugs[i % slugs.length]}`), key }, LOAD_SECONDS),
        load(base, { method: "POST", path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`, key: (i) => key(i + 16) }, LOAD_SECONDS),
      ]);
      await measure("postgres after load", pid, session);
    }
    session.close();
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres && !flag("keep")) await onServer(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`).catch(() => undefined);
  }
}

await main();
