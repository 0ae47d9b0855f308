import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runStartToExit, startServer, type ServerInstance } from "./server-instance.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { uniqueEmail } from "./support.ts";

// The request log of a production-mode start (JSON lines; demo mode writes them for people):
// a short run of requests of every kind, each sent with an id of its own, then the output read
// back. Its own database: a production start revokes the demo keys, and the 5xx below comes
// from that database refusing connections.
const publicUrl = "https://prizepacks.test";

interface Sent {
  id: string;
  method: string;
  route: string;
  status: number;
}

interface LogLine {
  msg: string;
  requestId?: string;
  accountId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

describe("request logs (a production-mode start)", () => {
  let server: ServerInstance;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let cookie: string;
  let apiKey: string;
  const sent: Sent[] = [];

  /** One request with an id of our own, remembered with what its line must say. */
  async function send(route: string, path: string, init: RequestInit = {}): Promise<Response> {
    const id = `logs-${randomUUID()}`;
    const headers = new Headers(init.headers);
    headers.set("x-request-id", id);
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: "manual", ...init, headers });
    expect(response.headers.get("x-request-id")).toBe(id);
    sent.push({ id, method: init.method ?? "GET", route, status: response.status });
    return response;
  }

  const jsonLines = (): LogLine[] =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
  const requestLines = (id: string) => jsonLines().filter((line) => line.msg === "request" && line.requestId === id);

  /** Request lines are written when the response is done, which may be just after the client has it. */
  async function waitForLines(ids: string[]): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!ids.every((id) => requestLines(id).length > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({
      label: "logs",
      ownDatabase: true,
      env: { HOST: "0.0.0.0", DEMO_MODE: "", SMTP_URL: sink.url, BETTER_AUTH_URL: publicUrl, LOG_LEVEL: "info" },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it("every request yields exactly one JSON line with its id, route template, status and account", async () => {
    // A session: sign up, follow the mailed link, keep the cookie.
    const email = uniqueEmail("logs");
    const json = { "content-type": "application/json", origin: publicUrl };
    const signUp = await send("/api/auth/[...all]", "/api/auth/sign-up/email", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "correct horse battery", name: "Log Reader", dateOfBirth: "1990-04-17" }),
    });
    expect(signUp.status).toBe(200);
    const link = /https:\/\/prizepacks\.test(\/api\/auth\/verify-email\?\S+)/.exec((await sink.waitForMailTo(email)).text)![1]!;
    const verified = await send("/api/auth/[...all]", link);
    expect([200, 302]).toContain(verified.status);
    cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");

    // An API key, made through the web app as the settings page does.
    const created = await send("/api/trpc/[trpc]", "/api/trpc/keys.create", {
      method: "POST",
      headers: { ...json, cookie },
      body: JSON.stringify({ name: "logs" }),
    });
    expect(created.status).toBe(200);
    apiKey = ((await created.json()) as { result: { data: { apiKey: string } } }).result.data.apiKey;
    expect(apiKey).toMatch(/^pp_live_/);

    // REST with the key, pages, and refusals.
    const bearer = { authorization: `Bearer ${apiKey}` };
    const me = await send("/v1/me", "/v1/me", { headers: bearer });
    expect(me.status).toBe(200);
    const { id: accountId } = (await me.json()) as { id: string };
    expect((await send("/v1/packs", "/v1/packs", { headers: { "x-api-key": apiKey } })).status).toBe(200);
    expect((await send("/v1/packs/{idOrSlug}/open", "/v1/packs/no-such-pack/open", { method: "POST", headers: bearer })).status).toBe(404);
    const wrongKey = `pp_live_${"x".repeat(40)}`;
    expect((await send("/v1/wallet", "/v1/wallet", { headers: { authorization: `Bearer ${wrongKey}` } })).status).toBe(401);
    expect((await send("/v1/*", "/v1/no/such/route", { headers: bearer })).status).toBe(404);
    expect((await send("/", "/", { headers: { cookie } })).status).toBe(200);
    expect((await send("/packs/[slug]", "/packs/no-such-pack", { headers: { cookie } })).status).toBe(404);
    expect((await send("/api/health", "/api/health")).status).toBe(200);

    await waitForLines(sent.map((request) => request.id));
    for (const request of sent) {
      const lines = requestLines(request.id);
      expect(lines, `${request.method} ${request.route}`).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: request.method, route: request.route, status: request.status });
      expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0);
    }
    // The account, once the request was authenticated: by key and by session alike.
    const accountOf = (route: string) => requestLines(sent.find((request) => request.route === route)!.id)[0]!.accountId;
    expect(accountOf("/v1/me")).toBe(accountId);
    expect(accountOf("/api/trpc/[trpc]")).toBe(accountId);
    expect(accountOf("/v1/wallet")).toBeUndefined();
  });

  it("keeps a client's well-formed X-Request-Id and replaces a malformed one", async () => {
    const kept = await fetch(`${server.baseUrl}/api/health`, { headers: { "x-request-id": "proxy-01.AB_cd" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-01.AB_cd");
    for (const malformed of ["x".repeat(65), "has space", 'quote"d']) {
      const replaced = await fetch(`${server.baseUrl}/sign-in`, { headers: { "x-request-id": malformed } });
      const id = replaced.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await waitForLines([id]);
      expect(requestLines(id)).toMatchObject([{ route: "/sign-in", status: 200 }]);
    }
    const generated = await fetch(`${server.baseUrl}/v1/packs`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  // The 5xx: the database refusing connections (PostgreSQL; PGlite lives inside the process).
  it.skipIf(!process.env.DATABASE_URL)("a 5xx's body carries its request id, the same as its line's", async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = server.databaseName!;
    try {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [name]);
      const refused = await send("/v1/wallet", "/v1/wallet", { headers: { authorization: `Bearer ${apiKey}` } });
      expect(refused.status).toBe(503);
      const body = (await refused.json()) as { code: string; requestId?: string };
      const id = refused.headers.get("x-request-id")!;
      expect(body).toMatchObject({ code: "UNAVAILABLE", requestId: id });
      await waitForLines([id]);
      expect(requestLines(id)).toMatchObject([{ route: "/v1/wallet", status: 503 }]);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    // A refusal (4xx) is the caller's to mend: no request id in its body.
    const refusedKey = await fetch(`${server.baseUrl}/v1/wallet`, { headers: { authorization: "Bearer pp_live_nope" } });
    expect(refusedKey.status).toBe(401);
    expect(await refusedKey.json()).not.toHaveProperty("requestId");
  });

  it("no line of the whole run holds a key (the refused ones included) or the session cookie's value", () => {
    expect(sent.length).toBeGreaterThan(10);
    const cookieValues = cookie.split("; ").map((pair) => decodeURIComponent(pair.slice(pair.indexOf("=") + 1)).split(".")[0]!);
    expect(cookieValues.every((value) => value.length >= 16)).toBe(true);
    for (const line of server.output().split("\n")) {
      expect(line).not.toContain("pp_live_");
      for (const value of cookieValues) expect(line).not.toContain(value);
    }
  });
});

describe("LOG_FORMAT", () => {
  it("json: a demo-mode start writes JSON lines, a request's among them", async () => {
    // Its own database: a demo start with a new data folder makes the demo account a new key, and the shared server's would stop working.
    const server = await startServer({ label: "log-format", ownDatabase: true, env: { LOG_FORMAT: "json", LOG_LEVEL: "info" } });
    try {
      const id = `log-format-${randomUUID()}`;
      expect((await fetch(`${server.baseUrl}/api/health`, { headers: { "x-request-id": id } })).status).toBe(200);
      const line = async () =>
        server
          .output()
          .split("\n")
          .filter((text) => text.startsWith("{"))
          .map((text) => JSON.parse(text) as LogLine)
          .find((entry) => entry.msg === "request" && entry.requestId === id);
      await expect.poll(line, { timeout: 5_000 }).toMatchObject({ route: "/api/health", status: 200 });
      // Demo mode otherwise writes for people: "[12:00:00.000] INFO: [http] request".
      expect(server.output()).not.toMatch(/INFO: \[http\] request/);
    } finally {
      await server.stop();
    }
  });

  it("anything but json or pretty stops the start, saying so", async () => {
    const { code, output } = await runStartToExit({ LOG_FORMAT: "yaml", PORT: String(await freePort()) });
    expect(code).not.toBe(0);
    expect(output).toContain('LOG_FORMAT must be "json" or "pretty"');
  });
});
