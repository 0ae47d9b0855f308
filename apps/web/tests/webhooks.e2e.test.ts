import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { createTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// A demo start and then a production start on one PostgreSQL database, as when a database
// used for trying things out is put into service.
const runs = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const publicUrl = "https://prizepacks.test";
const password = "correct horse battery";

describe.skipIf(!runs)("webhook endpoints registered in demo mode, after a production start on the same database", () => {
  let database: Database;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(body);
      res.writeHead(204).end();
    });
  });
  const servers: ServerInstance[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    dropDatabase = created.drop;
    databaseUrl = created.url;
    database = await openDatabase({ url: created.url, waits: "operator" });
    sink = await startSmtpSink();
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await sink?.close();
    await database?.close();
    await dropDatabase?.();
  });

  /** Signs in on `server` and returns a caller of its tRPC procedures (as Settings → API calls them). */
  async function signedIn(server: ServerInstance, email: string, origin: string) {
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return {
      mutate: async (procedure: string, input: unknown) => {
        const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, cookie },
          body: JSON.stringify(input),
        });
        return { status: response.status, json: await response.json() };
      },
      query: async (procedure: string) => {
        const response = await fetch(`${server.baseUrl}/api/trpc/${procedure}`, { headers: { cookie } });
        return { status: response.status, json: await response.json() };
      },
    };
  }
  const open = (server: ServerInstance, apiKey: string) =>
    fetch(`${server.baseUrl}/v1/packs/mini-gadget-grab/open`, { method: "POST", headers: { authorization: `Bearer ${apiKey}` } });

  it("are not delivered to: the start disables them, and their owner sees why in Settings → API", async () => {
    const env = { DATABASE_URL: databaseUrl, WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true" };
    const demo = await startServer({ label: "webhooks-demo", env });
    servers.push(demo);
    const email = `hooks-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`;
    const player = await createUser(await openServices(database), { email, password, balance: parseMoney("100.00") });

    // Demo mode with the development flag: a receiver on loopback over http:// is accepted and delivered to.
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const inDemo = await signedIn(demo, email, demo.baseUrl);
    const registered = await inDemo.mutate("webhooks.create", { url: hookUrl, eventTypes: ["open.completed"] });
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    expect((await open(demo, player.apiKey)).status).toBe(200);
    for (let waited = 0; received.length === 0 && waited < 10_000; waited += 50) await sleep(50);
    expect(received).toHaveLength(1);
    await demo.stop();

    // A production start on the same database (the flag left set: it counts only in demo mode).
    const production = await startServer({
      label: "webhooks-production",
      env: { ...env, HOST: "0.0.0.0", DEMO_MODE: "", SMTP_URL: sink.url, BETTER_AUTH_URL: publicUrl },
    });
    servers.push(production);
    expect(production.output()).toMatch(/disabled 1 webhook endpoint\(s\) whose URL is not allowed here/);
    expect((await open(production, player.apiKey)).status).toBe(200);
    await sleep(2_000); // the delivery worker polls twice a second: a delivery would have come by now
    expect(received).toHaveLength(1);

    const inProduction = await signedIn(production, email, publicUrl);
    const listed = await inProduction.query("webhooks.list");
    expect(listed.json.result.data).toMatchObject([
      {
        id: registered.json.result.data.id,
        url: hookUrl,
        enabled: false,
        disabledReason: "Disabled by the server: its URL must start with https:// (webhooks are delivered over https:// only).",
      },
    ]);
    const enabled = await inProduction.mutate("webhooks.setEnabled", { id: registered.json.result.data.id, enabled: true });
    expect(enabled.status).toBe(400);
    expect(enabled.json.error.message).toMatch(/^url: must start with https:\/\//);
    await sleep(1_000);
    expect(received).toHaveLength(1);
  });
});
