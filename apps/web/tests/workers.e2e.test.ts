import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { freePort, runStartToExit, startServer, type ServerInstance } from "./server-instance.ts";

// WEB_CONCURRENCY: several server processes on one port. On PostgreSQL and Redis, as production runs them.
const runs = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** The JSON log lines the server printed (pino writes `pid` on each). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

/** One request on a connection of its own (the primary hands each new connection to the next worker). */
function getOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { ...headers, connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

const METRICS_TOKEN = randomUUID().replaceAll("-", "");

/** GET /metrics on a connection of its own: the count of GET /v1/packs answered 200, as that worker reports it. */
async function packsCountInMetrics(baseUrl: string): Promise<number | undefined> {
  const text = await new Promise<string>((resolve, reject) => {
    const req = request(
      `${baseUrl}/metrics`,
      { agent: false, headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: "close" } },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      },
    );
    req.on("error", reject);
    req.end();
  });
  const line = text
    .split("\n")
    .find(
      (l) =>
        l.startsWith("prizepacks_http_request_duration_seconds_count{") && l.includes('route="/v1/packs"') && l.includes('status="200"'),
    );
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe.skipIf(!runs)("WEB_CONCURRENCY=2", () => {
  let server: ServerInstance | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    server = await startServer({ label: "workers", ownDatabase: true, env: { WEB_CONCURRENCY: "2", LOG_FORMAT: "json", METRICS_TOKEN } });
    database = await openDatabase({ url: server.databaseUrl!, waits: "operator" });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  it("GET /v1/packs, POST /v1/packs/{idOrSlug}/open and GET /metrics: both workers answer on the one port, the metrics add both up; SIGTERM drains both and the start command exits 0", async () => {
    const instance = server!;
    const { apiKey } = await createUser(await openServices(database!), {
      email: `workers-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`,
      balance: parseMoney("100.00"),
    });
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(await getOnNewConnection(`${instance.baseUrl}/v1/packs`, { authorization: `Bearer ${apiKey}` }));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // A write on one worker and a read of it on the others: the balance is the database's, never a worker's copy.
    const opened = await fetch(`${instance.baseUrl}/v1/packs/mini-gadget-grab/open`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(opened.status).toBe(200);

    const answeredBy = new Set(
      logLines(instance.output())
        .filter((line) => line.msg === "request" && line.route === "/v1/packs")
        .map((line) => line.pid),
    );
    expect(answeredBy.size).toBe(2);
    // GET /metrics: whichever worker a scrape reaches, the primary adds up both workers' figures.
    expect([await packsCountInMetrics(instance.baseUrl), await packsCountInMetrics(instance.baseUrl)]).toEqual([12, 12]);

    const code = await instance.terminate();
    expect(code).toBe(0);
    const lines = logLines(instance.output());
    const drained = new Set(lines.filter((line) => line.msg === "drained; exiting").map((line) => line.pid));
    expect(drained).toEqual(answeredBy);
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)("WEB_CONCURRENCY above 1 with the in-process rate limiter", () => {
  it("refuses to start, saying that limits need Redis", async () => {
    const { code, output } = await runStartToExit({
      WEB_CONCURRENCY: "2",
      REDIS_URL: "",
      UPSTASH_REDIS_REST_URL: "",
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY=2: the in-process rate limiter would count each worker apart");
    expect(output).toContain("Set REDIS_URL");
  }, 120_000);
});
