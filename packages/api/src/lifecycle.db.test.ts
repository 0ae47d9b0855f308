import { createServer } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";
import { ServerLifecycle } from "./lifecycle.ts";

/** A raw connection, to see exactly what the server sends on it and when it closes it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
    received: () => received,
    closed,
  };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe("ServerLifecycle", () => {
  let database: Database;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (lifecycle.answerProbe(req, res, path)) return;
    if (lifecycle.starting) return lifecycle.refuseWhileStarting(res);
    if (path === "/held") return void held.then(() => res.end("held answer"));
    res.end("answer");
  });
  let lifecycle: ServerLifecycle;
  let url: string;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    lifecycle = new ServerLifecycle(server, database);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("is live while starting and ready once marked, with its checks", async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const starting = await fetch(`${url}/api/ready`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get("retry-after")).not.toBeNull();
    expect(await starting.json()).toMatchObject({ status: "starting", code: "UNAVAILABLE" });
    expect((await fetch(`${url}/anything`)).status).toBe(503);

    lifecycle.markReady();
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", rateLimitStore: "ok" } });
  });

  it("drains: readiness 503 at once, then idle keep-alive connections closed and the request in flight answered with Connection: close", async () => {
    const idle = rawConnection(port);
    idle.get("/quick");
    await until(() => idle.received().includes("answer"));
    expect(idle.received()).toMatch(/connection: keep-alive/i);
    const inFlight = rawConnection(port);
    inFlight.get("/held");

    let jobsStopped = false;
    let streamsClosed = false;
    const drained = lifecycle.drain(
      {
        closeStreams: () => void (streamsClosed = true),
        stopBackgroundJobs: async () => void (jobsStopped = true),
      },
      { delayMs: 1_000, timeoutMs: 10_000, signal: "test" },
    );
    expect(jobsStopped).toBe(true);
    const draining = await fetch(`${url}/api/ready`, { headers: { connection: "close" } }).catch(() => null);
    expect(draining?.status).toBe(503);
    expect(await draining?.json()).toMatchObject({ status: "draining" });
    expect(streamsClosed).toBe(false);

    await idle.closed; // after the delay, without a request
    expect(streamsClosed).toBe(true);
    release();
    await inFlight.closed;
    expect(inFlight.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(inFlight.received()).toMatch(/connection: close/i);
    expect(inFlight.received()).toMatch(/held answer$/);
    await drained;
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });
});
