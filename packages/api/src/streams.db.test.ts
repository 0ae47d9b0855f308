import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@prizepacks/db/client";
import { applyMigrations } from "@prizepacks/db/migrate";
import { openServices, type Services } from "@prizepacks/core/server";
import { createTestDatabase } from "@prizepacks/core/testing";
import { createTestUser } from "@prizepacks/core/testing/fixtures";
import { createStreamHandler, REPLAY_DRAIN_MS } from "./streams/index.ts";

// GET /v1/events against the outbox read by id, on PostgreSQL: events committed out of order,
// a transaction that was open when the instance started, and a client that stops reading.
// The writer and the serving instance are two Database objects (two pools) on one database.
describe.skipIf(!process.env.DATABASE_URL)("account event streams", () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let writer: Database;
  let writerServices: Services;

  beforeAll(async () => {
    created = await createTestDatabase();
    writer = await openDatabase({ url: created.url, poolSize: 8 });
    await applyMigrations(writer.sql);
    writerServices = await openServices(writer);
  });
  afterAll(async () => {
    await writer?.close();
    await created?.drop();
  });

  /** A serving instance of its own: its Services, hub and HTTP server start now. */
  async function startInstance(): Promise<{ url: string; stop: () => Promise<void> }> {
    const database = await openDatabase({ url: created.url, poolSize: 8 });
    const services = await openServices(database);
    await services.events();
    const handle = createStreamHandler({ services });
    const server: Server = createServer((req, res) => {
      if (!handle(req, res, (req.url ?? "/").split("?")[0]!)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stop: async () => {
        handle.closeAll();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await database.close();
      },
    };
  }

  /** Records an event in a transaction of its own and commits. */
  const record = (userId: string, data: object) =>
    writer.sql.query(`SELECT record_account_event($1, 'wallet.changed', $2::jsonb)`, [userId, JSON.stringify(data)]);

  /** Records an event in a transaction left open until `commit` is called. */
  async function recordUncommitted(userId: string, data: object, on = writer): Promise<{ id: string; commit: () => Promise<void> }> {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let recorded!: (id: string) => void;
    const id = new Promise<string>((resolve) => (recorded = resolve));
    const done = on.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(`SELECT record_account_event($1, 'wallet.changed', $2::jsonb)::text AS id`, [
        userId,
        JSON.stringify(data),
      ]);
      recorded(row!.id);
      await committed;
    });
    return { id: await id, commit: () => (commit(), done) };
  }

  /** Reads a stream's events (ids and data) until `count` have come or `timeoutMs` passed. */
  function collect(
    url: string,
    apiKey: string,
    count: number,
    timeoutMs = 5_000,
    lastEventId?: string,
  ): Promise<Array<{ id: string; data: { n: number } }>> {
    return new Promise((resolve, reject) => {
      const events: Array<{ id: string; data: { n: number } }> = [];
      const headers = { authorization: `Bearer ${apiKey}`, ...(lastEventId && { "last-event-id": lastEventId }) };
      const request = get(`${url}/v1/events`, { headers }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) events.push({ id, data: (JSON.parse(data) as { data: { n: number } }).data });
          }
          if (events.length >= count) finish();
        });
      });
      const finish = () => {
        clearTimeout(timer);
        request.destroy();
        resolve(events);
      };
      const timer = setTimeout(finish, timeoutMs);
      request.on("error", () => undefined);
    });
  }

  it("hands out an event whose transaction commits after later ids of other accounts did", async () => {
    const instance = await startInstance();
    try {
      const alice = await createTestUser(writerServices);
      const bob = await createTestUser(writerServices);
      const aliceEvents = collect(instance.url, alice.apiKey, 3);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the stream is open
      // Its first event: from now on the stream sends what the hub hands it as it comes.
      await record(alice.userId, { n: 0 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const late = await recordUncommitted(alice.userId, { n: 1 });
      await record(bob.userId, { n: 0 }); // a higher id, committed first
      await new Promise((resolve) => setTimeout(resolve, 400)); // read past: alice's id is a gap now
      await late.commit();
      await record(alice.userId, { n: 2 });
      const received = await aliceEvents;
      expect(received.map((event) => event.data.n)).toEqual([0, 1, 2]);
      expect(received[1]!.id).toBe(late.id);
    } finally {
      await instance.stop();
    }
  });

  it("keeps looking for a skipped id while its transaction runs, however long: an operator's, three seconds", async () => {
    const instance = await startInstance();
    const operator = await openDatabase({ url: created.url, poolSize: 2, waits: "operator" });
    try {
      const alice = await createTestUser(writerServices);
      const bob = await createTestUser(writerServices);
      const aliceEvents = collect(instance.url, alice.apiKey, 3, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await record(alice.userId, { n: 0 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const late = await recordUncommitted(alice.userId, { n: 1 }, operator);
      await record(bob.userId, { n: 0 });
      // Past the hub's horizon checks (one a second): the gap's transaction is still running.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await late.commit();
      await record(alice.userId, { n: 2 });
      expect((await aliceEvents).map((event) => event.data.n)).toEqual([0, 1, 2]);
    } finally {
      await instance.stop();
      await operator.close();
    }
  }, 20_000);

  it("hands out an event of a transaction that was open when the instance started", async () => {
    const alice = await createTestUser(writerServices);
    const bob = await createTestUser(writerServices);
    const late = await recordUncommitted(alice.userId, { n: 1 });
    await record(bob.userId, { n: 0 });
    // The hub starts with its cursor above alice's event, which is not committed yet.
    const instance = await startInstance();
    try {
      const aliceEvents = collect(instance.url, alice.apiKey, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await late.commit();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await record(alice.userId, { n: 2 });
      expect((await aliceEvents).map((event) => event.data.n)).toEqual([1, 2]);
    } finally {
      await instance.stop();
    }
  });

  it("hands out an event of a transaction open at its start that is the account's last, once that transaction has ended", async () => {
    const alice = await createTestUser(writerServices);
    const bob = await createTestUser(writerServices);
    const late = await recordUncommitted(alice.userId, { n: 1 });
    await record(bob.userId, { n: 0 });
    const instance = await startInstance();
    try {
      const aliceEvents = collect(instance.url, alice.apiKey, 1, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await late.commit();
      // Nothing else happens on the account: the hub, once complete, sends its streams to the database.
      expect((await aliceEvents).map((event) => event.data.n)).toEqual([1]);
    } finally {
      await instance.stop();
    }
  }, 20_000);

  it("vouches for every event only once the transactions open at its start have ended", async () => {
    const alice = await createTestUser(writerServices);
    // An operator's transaction: the service's own are ended after a few idle seconds.
    const operator = await openDatabase({ url: created.url, poolSize: 2, waits: "operator" });
    const late = await recordUncommitted(alice.userId, { n: 1 }, operator);
    const database = await openDatabase({ url: created.url, poolSize: 2 });
    try {
      const hub = await (await openServices(database)).events();
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(hub.complete).toBe(false);
      await late.commit();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(hub.complete).toBe(true);
    } finally {
      await database.close();
      await operator.close();
    }
  }, 20_000);

  it("replays a backlog far above the cap to a client that reads it, in order, without ending its stream", async () => {
    const instance = await startInstance();
    try {
      const alice = await createTestUser(writerServices);
      const [before] = await writer.sql.query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM account_event`);
      // 1,200 events of about 1 KB: a replay batch (500) alone is twice the quarter megabyte a push may leave unsent.
      await writer.sql.query(
        `SELECT record_account_event($1, 'wallet.changed', jsonb_build_object('n', n, 'padding', repeat('x', 1000)))
           FROM generate_series(0, 1199) n`,
        [alice.userId],
      );
      const received = await collect(instance.url, alice.apiKey, 1_200, 15_000, before!.id);
      expect(received.map((event) => event.data.n)).toEqual(Array.from({ length: 1_200 }, (_, n) => n));
    } finally {
      await instance.stop();
    }
  }, 30_000);

  it("ends the stream of a client that stops reading once it is a quarter of a megabyte behind", async () => {
    const instance = await startInstance();
    try {
      const alice = await createTestUser(writerServices);
      const ended = new Promise<{ bytes: number }>((resolve, reject) => {
        const request = get(`${instance.url}/v1/events`, { headers: { authorization: `Bearer ${alice.apiKey}` } }, (response) => {
          if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
          response.pause(); // reads nothing while the events are written
          void (async () => {
            const padding = "x".repeat(60_000);
            // Far beyond what the two sockets' kernel buffers hold and the server's cap.
            for (let n = 0; n < 200; n++) await record(alice.userId, { n, padding });
            // Longer than a replay waits for a reader (when the events went out through the database read).
            await new Promise((resolve) => setTimeout(resolve, REPLAY_DRAIN_MS + 1_000));
            let bytes = 0;
            response.on("data", (chunk: Buffer) => (bytes += chunk.length));
            response.on("end", () => resolve({ bytes }));
            response.resume();
          })().catch(reject);
        });
        request.on("error", reject);
      });
      const { bytes } = await ended;
      // The server gave up on it: it ended the stream well short of the 12 MB recorded.
      expect(bytes).toBeLessThan(200 * 60_000);
    } finally {
      await instance.stop();
    }
  }, 30_000);
});
