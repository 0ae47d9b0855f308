import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerInstance } from "./server-instance.ts";

// What one client can hold on the server: silent connections are closed after the headers
// timeout (10 s), and one address holds at most CONNECTIONS_PER_ADDRESS connections, except a
// trusted proxy. All of 127/8 is this machine: 127.0.0.2 plays the proxy, 127.0.0.3 a client
// that nothing else in this process connects from (fetch keeps its own connections from .1).
const cap = 20;
const proxy = "127.0.0.2";
const client = "127.0.0.3";

interface HeldSocket {
  socket: Socket;
  received: string;
  closedAt: Promise<number>;
}

function hold(port: number, localAddress = "127.0.0.1"): Promise<HeldSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    const held: HeldSocket = { socket, received: "", closedAt: new Promise((done) => socket.once("close", () => done(Date.now()))) };
    socket.on("data", (chunk) => (held.received += chunk.toString()));
    socket.once("connect", () => resolve(held));
    socket.once("error", reject);
  });
}

const isOpen = (held: HeldSocket) => !held.socket.destroyed && held.socket.readyState === "open";
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("connections one client can hold", () => {
  let server: ServerInstance;

  beforeAll(async () => {
    const env = { CONNECTIONS_PER_ADDRESS: String(cap), TRUSTED_PROXIES: proxy };
    server = await startServer({ env, label: "connections", ownDatabase: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("closes connections that send nothing after the headers timeout, with a 408", async () => {
    const started = Date.now();
    const silent = await Promise.all(Array.from({ length: 15 }, () => hold(server.port)));
    expect(silent.every(isOpen)).toBe(true);
    // 10 s from the connection, checked every second; Node's own default kept them 60-90 s.
    const closedAfter = await Promise.race([
      Promise.all(silent.map((held) => held.closedAt)).then((times) => Math.max(...times) - started),
      settle(40_000).then(() => Infinity),
    ]);
    expect(closedAfter).toBeGreaterThanOrEqual(9_000);
    expect(closedAfter).toBeLessThan(40_000);
    for (const held of silent) expect(held.received).toMatch(/^HTTP\/1\.1 408/);
  }, 60_000);

  it("keeps an idle keep-alive connection past the headers timeout (a proxy reuses it)", async () => {
    const held = await hold(server.port);
    const get = async () => {
      held.received = "";
      held.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      for (let i = 0; i < 100 && !held.received.includes('"status"'); i++) await settle(50);
      return held.received;
    };
    expect(await get()).toMatch(/^HTTP\/1\.1 200/);
    await settle(12_000);
    expect(isOpen(held)).toBe(true);
    expect(await get()).toMatch(/^HTTP\/1\.1 200/);
    held.socket.destroy();
  }, 60_000);

  it(`holds at most ${cap} connections per address; the next is closed at once, a freed one can be reused`, async () => {
    const held = await Promise.all(Array.from({ length: cap }, () => hold(server.port, client)));
    await settle(200);
    expect(held.every(isOpen)).toBe(true);

    const extra = await hold(server.port, client);
    const closed = await Promise.race([extra.closedAt.then(() => true), settle(5_000).then(() => false)]);
    expect(closed).toBe(true);
    expect(extra.received).toBe("");

    held.pop()!.socket.destroy();
    await settle(200);
    const again = await hold(server.port, client);
    again.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    await again.closedAt;
    expect(again.received).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of held) socket.destroy();
  }, 30_000);

  it("exempts a trusted proxy: every visitor behind it shares its address", async () => {
    const held = await Promise.all(Array.from({ length: cap + 10 }, () => hold(server.port, proxy)));
    await settle(500);
    expect(held.filter(isOpen)).toHaveLength(cap + 10);
    for (const { socket } of held) socket.destroy();
  }, 30_000);
});
