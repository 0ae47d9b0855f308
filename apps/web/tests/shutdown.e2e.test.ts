import { randomUUID } from "node:crypto";
import { Agent, createServer, request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditInvariants, createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { readStream, type SseEvent } from "./sse.ts";

// An instance drained under load, as a rolling deploy does it: on PostgreSQL and Redis, as in production.
const runs = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number | null;
  body: string;
  error: string | null;
}

/**
 * POSTs an opening on a kept-alive connection; `sent` resolves once the whole request is
 * written to the socket, `answer` with the complete response or the error that ended it.
 */
function openOn(baseUrl: string, apiKey: string, agent: Agent): { sent: Promise<void>; answer: Promise<Answer> } {
  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve) => {
    const req = request(`${baseUrl}/v1/packs/mini-gadget-grab/open`, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    req.on("finish", markSent);
    req.on("response", (res: IncomingMessage) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? null, body, error: null }));
      res.on("error", (error) => resolve({ status: res.statusCode ?? null, body, error: error.message }));
    });
    req.on("error", (error) => {
      markSent();
      resolve({ status: null, body: "", error: error.message });
    });
    req.end();
  });
  return { sent, answer };
}

/** Reads an event stream to its end: its events and the `retry:` hints the server sent. */
async function followStream(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: "message", data: undefined };
        for (const line of block.split("\n")) {
          if (line.startsWith("retry: ")) retries.push(Number(line.slice(7)));
          else if (line.startsWith("id: ")) event.id = line.slice(4);
          else if (line.startsWith("event: ")) event.event = line.slice(7);
          else if (line.startsWith("data: ")) event.data = JSON.parse(line.slice(6));
        }
        if (event.data !== undefined) events.push(event);
      }
    }
  })();
  return { events, retries, ended };
}

describe.skipIf(!runs)("SIGTERM: the instance drains", () => {
  let first: ServerInstance | undefined;
  let second: ServerInstance | undefined;
  let database: Database;
  // A webhook receiver that takes every request and never answers: its delivery stays claimed.
  const hookRequests: string[] = [];
  const receiver = createServer((req) => void hookRequests.push(String(req.headers["prizepacks-delivery-id"])));

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    first = await startServer({
      label: "shutdown-first",
      ownDatabase: true,
      env: { SHUTDOWN_DELAY_SECONDS: "2", SHUTDOWN_TIMEOUT_SECONDS: "20", WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true" },
    });
    database = await openDatabase({ url: first.databaseUrl!, waits: "operator" });
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
    await database?.close();
    await first?.stop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it("answers every opening sent before the signal, 503s readiness before the listener closes, hands its streams and webhook claims over, and exits 0", async () => {
    const server = first!;
    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", rateLimitStore: "ok" } });

    const players = await Promise.all(
      Array.from({ length: 4 }, async () =>
        createUser(await openServices(database), {
          email: `drain-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`,
          balance: parseMoney("100.00"),
        }),
      ),
    );
    const watched = players[0]!;

    // A delivery claimed by this instance: its receiver has the request and will never answer.
    const hookOwner = await createUser(await openServices(database), {
      email: `hook-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`,
      balance: parseMoney("10.00"),
    });
    const endpoint = await database.prisma.webhookEndpoint.create({
      data: {
        userId: hookOwner.userId,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        secret: randomUUID(),
        eventTypes: ["open.completed"],
      },
    });
    const hookOpen = await fetch(`${server.baseUrl}/v1/packs/mini-gadget-grab/open`, {
      method: "POST",
      headers: { authorization: `Bearer ${hookOwner.apiKey}` },
    });
    expect(hookOpen.status).toBe(200);
    for (let waited = 0; hookRequests.length === 0 && waited < 5_000; waited += 25) await sleep(25);
    expect(hookRequests).toHaveLength(1);

    // The watched account's events stream from this instance, from its latest event on.
    const before = await database.prisma.accountEvent.findFirst({ where: { userId: watched.userId }, orderBy: { id: "desc" } });
    const stream = await followStream(`${server.baseUrl}/v1/events`, { authorization: `Bearer ${watched.apiKey}` });

    // 20 openings, five per account, on kept-alive connections; the signal once all are written.
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const openings = players.flatMap((player) => Array.from({ length: 5 }, () => openOn(server.baseUrl, player.apiKey, agent)));
    await Promise.all(openings.map((opening) => opening.sent));
    const exited = server.terminate();

    // Readiness, polled as a load balancer does, until the listener refuses.
    const readiness: Array<number | "refused"> = [];
    while (readiness.at(-1) !== "refused") {
      readiness.push(
        await fetch(`${server.baseUrl}/api/ready`).then(
          (r) => r.status,
          () => "refused" as const,
        ),
      );
      await sleep(100);
    }
    const answers = await Promise.all(openings.map((opening) => opening.answer));
    await stream.ended;
    const exitCode = await exited;
    agent.destroy();

    // 200 until the signal, then 503 up to the moment the listener closed.
    const answered = readiness.slice(0, -1);
    expect(answered.at(-1)).toBe(503);
    expect(answered.slice(answered.indexOf(503)).every((status) => status === 503)).toBe(true);
    expect(answered.slice(0, answered.indexOf(503)).every((status) => status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.error !== null)).toEqual([]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(exitCode).toBe(0);
    expect(server.output()).toContain("drained; exiting");
    expect(server.output()).not.toContain("still in flight after");

    // Every 200 is a committed spin and every committed spin of these accounts a 200.
    const answeredSpins = answers.map((answer) => JSON.parse(answer.body).spin.id as string).sort();
    const committed = await database.prisma.spin.findMany({
      where: { userId: { in: players.map((p) => p.userId) } },
      select: { id: true },
    });
    expect(committed.map((spin) => spin.id).sort()).toEqual(answeredSpins);

    // The webhook claim went back to the queue with the instance, unattempted, not 60 s later.
    expect(await database.prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({
      status: "pending",
      lockedUntil: null,
      attempts: 0,
      lastError: null,
    });

    // The stream ended with a retry hint; the client resumes on another instance after its last event.
    expect(stream.retries.length).toBeGreaterThanOrEqual(2); // the opening hint and the drain's
    second = await startServer({
      label: "shutdown-second",
      env: { DATABASE_URL: first!.databaseUrl!, WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true" },
    });
    const expected = await database.prisma.accountEvent.findMany({
      where: { userId: watched.userId, ...(before && { id: { gt: before.id } }) },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    const lastSeen = stream.events.at(-1)?.id ?? String(before?.id ?? 0);
    const resumed = await readStream(`${second.baseUrl}/v1/events`, {
      headers: { authorization: `Bearer ${watched.apiKey}`, "last-event-id": lastSeen },
      until: (events) => stream.events.length + events.length >= expected.length,
      timeoutMs: 5_000,
    });
    expect(resumed.status).toBe(200);
    expect([...stream.events, ...resumed.events].map((event) => event.id)).toEqual(expected.map((event) => String(event.id)));
    expect(expected.length).toBeGreaterThanOrEqual(10); // five openings: open.completed and wallet.changed each

    expect((await auditInvariants(await openServices(database))).breaches).toEqual([]);
  }, 180_000);
});
