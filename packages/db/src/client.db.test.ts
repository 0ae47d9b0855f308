import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, SERVICE_WAIT_BOUNDS, type Database } from "./client";
import { classifyDatabaseError } from "./faults";

/**
 * A TCP relay to the PostgreSQL server that can go silent: while `silent`, it drops what
 * either side sends and keeps the sockets open, as a peer gone without a FIN (a partition,
 * a host that died) looks to the driver. PostgreSQL itself is never touched.
 */
function silenceableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => void (silent || upstream.write(chunk)));
    upstream.on("data", (chunk) => void (silent || client.write(chunk)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    setSilent: (value: boolean) => void (silent = value),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("the service's pool on a connection that goes silent", () => {
  const target = new URL(serverUrl ?? "postgresql://127.0.0.1:5432/postgres");
  const relay = silenceableRelay(target);
  let database: Database;

  beforeAll(async () => {
    const port = await relay.listen();
    const url = new URL(target);
    url.host = `127.0.0.1:${port}`;
    database = await openDatabase({ url: url.toString(), poolSize: 2 });
  });

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await relay.close();
  });

  it("a query whose answer never comes fails as 'unavailable' a little after statement_timeout, and the pool recovers without it", async () => {
    expect(await database.sql.query<{ one: number }>("SELECT 1 AS one")).toEqual([{ one: 1 }]);

    relay.setSilent(true);
    const started = Date.now();
    const failure = await database.sql.query("SELECT 2").then(
      () => null,
      (error: unknown) => error,
    );
    const waited = Date.now() - started;
    expect(failure).not.toBeNull();
    expect(classifyDatabaseError(failure)).toBe("unavailable");
    // Bounded: after the server's own bound would have answered, before the request's 10 s.
    expect(waited).toBeGreaterThanOrEqual(SERVICE_WAIT_BOUNDS.statementMs);
    expect(waited).toBeLessThan(SERVICE_WAIT_BOUNDS.statementMs + SERVICE_WAIT_BOUNDS.readMarginMs + 1_500);

    // The silent connection is dropped, not reused: with the relay speaking again, queries answer.
    relay.setSilent(false);
    for (let i = 0; i < 4; i++) expect(await database.sql.query<{ n: number }>("SELECT $1::int AS n", [i])).toEqual([{ n: i }]);
  });

  it("a transaction that goes silent fails within the same bound (no ROLLBACK queued behind the lost answer), and the pool recovers", async () => {
    relay.setSilent(true);
    const started = Date.now();
    const failure = await database.sql
      .transaction((tx) => tx.query("SELECT 3"))
      .then(
        () => null,
        (error: unknown) => error,
      );
    const waited = Date.now() - started;
    expect(classifyDatabaseError(failure)).toBe("unavailable");
    expect(waited).toBeLessThan(SERVICE_WAIT_BOUNDS.statementMs + SERVICE_WAIT_BOUNDS.readMarginMs + 1_500);

    relay.setSilent(false);
    for (let i = 0; i < 4; i++)
      expect(await database.sql.transaction((tx) => tx.query<{ n: number }>("SELECT $1::int AS n", [i]))).toEqual([{ n: i }]);
  });
});
