import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditInvariants, createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { createTestDatabase } from "@prizepacks/core/testing";
import { openDatabase, type Database } from "@prizepacks/db/client";
import { freePort, startServer, type ServerInstance } from "./server-instance.ts";

// Faults break components, so this file brings its own: a database of its own on the
// PostgreSQL server and a Redis of its own on a free port, and an app instance on both.
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const runs = Boolean(process.env.DATABASE_URL) && hasRedisServer;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 50; i++) {
    if (
      spawnSync("redis-cli", ["-p", String(port), "ping"])
        .stdout?.toString()
        .includes("PONG")
    )
      return redis;
    await sleep(100);
  }
  throw new Error("redis-server did not start");
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  redis.kill("SIGKILL");
  await new Promise((resolve) => redis.once("exit", resolve));
}

describe.skipIf(!runs)("faults: bounded waits and 503s, nothing half-done, recovery without a restart", () => {
  let server: ServerInstance;
  let database: Database;
  let databaseName: string;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  let redis: ChildProcess;
  let redisPort: number;
  let admin: pg.Client;

  beforeAll(async () => {
    const created = await createTestDatabase();
    databaseName = created.name;
    databaseUrl = created.url;
    dropDatabase = created.drop;
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    server = await startServer({ label: "faults", env: { DATABASE_URL: created.url, REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
    database = await openDatabase({ url: created.url, waits: "operator" });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await server?.stop();
    await admin?.end();
    await database?.close();
    if (redis) await stopRedis(redis);
    await dropDatabase?.();
  });

  const newPlayer = async (balance = "100.00") =>
    createUser(await openServices(database), {
      email: `fault-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`,
      balance: parseMoney(balance),
    });
  const request = async (path: string, key: string, method = "GET") => {
    const started = Date.now();
    const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
    const text = await response.text();
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: JSON.parse(text), ms: Date.now() - started };
  };
  const open = (key: string) => request("/v1/packs/mini-gadget-grab/open", key, "POST");
  const expectAuditClean = async () => expect((await auditInvariants(await openServices(database))).breaches).toEqual([]);
  const terminateConnections = () =>
    admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [databaseName]);

  it("a wallet row locked elsewhere: that account's opens get a bounded 503 with Retry-After, other accounts stay fast, nothing is debited", async () => {
    const locked = await newPlayer();
    const other = await newPlayer();
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query(`SELECT balance FROM wallet WHERE "userId" = $1 FOR UPDATE`, [locked.userId]);
      const lockedOpens = Promise.all(Array.from({ length: 12 }, () => open(locked.apiKey)));
      await sleep(300);
      const othersAll = [];
      for (let i = 0; i < 6; i++) othersAll.push(await request("/v1/packs", other.apiKey), await open(other.apiKey));
      const results = await lockedOpens;
      for (const result of results) {
        expect(result.status).toBe(503);
        expect(result.body).toMatchObject({ code: "UNAVAILABLE", message: expect.any(String) });
        expect(Number(result.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      // The other account queues neither behind the locked wallet nor behind those opens: each of
      // its requests is answered sooner than the quickest locked open gave up. Measured side by
      // side, not against a clock: the machine's load decides how long anything takes.
      const quickestRefusal = Math.min(...results.map((result) => result.ms));
      for (const result of othersAll) {
        expect(result.status).toBe(200);
        expect(result.ms).toBeLessThan(quickestRefusal);
      }
    } finally {
      await blocker.query("ROLLBACK");
      await blocker.end();
    }
    expect((await request("/v1/me", locked.apiKey)).body.balanceString).toBe("100.00");
    expect((await open(locked.apiKey)).status).toBe(200);
    await expectAuditClean();
  });

  it("connections killed during a burst of opens: 200 or 503 with Retry-After, never 500, and the books balance", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer()));
    let killing = true;
    const killer = (async () => {
      while (killing) {
        await terminateConnections();
        await sleep(150);
      }
    })();
    const statuses: number[] = [];
    await Promise.all(
      players.map(async (player) => {
        for (let i = 0; i < 25; i++) {
          const result = await open(player.apiKey);
          statuses.push(result.status);
          if (result.status !== 200) {
            expect(result.status).toBe(503);
            expect(result.retryAfter).not.toBeNull();
            expect(result.body.code).toBe("UNAVAILABLE");
          }
        }
      }),
    );
    killing = false;
    await killer;
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect((await open(players[0]!.apiKey)).status).toBe(200);
    await expectAuditClean();
  });

  it("the database refusing connections: 503 with Retry-After, then recovery without a restart", async () => {
    const player = await newPlayer();
    await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    try {
      await terminateConnections();
      for (const result of [await open(player.apiKey), await request("/v1/packs", player.apiKey), await request("/v1/me", player.apiKey)]) {
        expect(result.status).toBe(503);
        expect(result.body.code).toBe("UNAVAILABLE");
        expect(result.retryAfter).toBe("2");
      }
    } finally {
      await admin.query(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    }
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) status = (await open(player.apiKey)).status;
    expect(status).toBe(200);
    await expectAuditClean();
  });

  it("Redis stopped: opens 503 with Retry-After (fail closed), reads 200; restarted: limits exact again; the outage logged once", async () => {
    const player = await newPlayer();
    await stopRedis(redis);
    try {
      const opened = await open(player.apiKey);
      expect(opened.status).toBe(503);
      expect(opened.body.code).toBe("UNAVAILABLE");
      expect(Number(opened.retryAfter)).toBeGreaterThanOrEqual(1);
      expect((await request("/v1/packs", player.apiKey)).status).toBe(200);
      await sleep(3_000); // ioredis keeps reconnecting meanwhile
    } finally {
      redis = await startRedis(redisPort);
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await open(player.apiKey)).status;
      if (status !== 200) await sleep(200);
    }
    expect(status).toBe(200);
    // The restarted Redis remembers nothing; from here the limit counts exactly 30 again.
    const fresh = await newPlayer();
    for (let i = 0; i < 30; i++) expect((await request("/v1/packs/no-such-pack/open", fresh.apiKey, "POST")).status).toBe(404);
    expect((await request("/v1/packs/no-such-pack/open", fresh.apiKey, "POST")).status).toBe(429);

    const log = server.output();
    expect(log).not.toContain("Unhandled error event");
    expect(log.match(/Redis unavailable/g)).toHaveLength(1);
    expect(log.match(/Redis is back/g)).toHaveLength(1);
    await expectAuditClean();
  });
});
