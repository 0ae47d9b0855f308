import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runStartToExit, startServer, type ServerInstance } from "./server-instance.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// A production start: every interface, no DEMO_MODE, real mail through SMTP_URL (a sink on
// loopback here), and an https public URL. Its own database: a production start revokes the
// demo account's keys, which the shared e2e server relies on.
const publicUrl = "https://prizepacks.test";

describe("a production-mode start (HOST=0.0.0.0)", () => {
  let server: ServerInstance;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env: Record<string, string> = {
      HOST: "0.0.0.0",
      DEMO_MODE: "",
      DEMO_DEPOSITS: "true",
      SMTP_URL: sink.url,
      BETTER_AUTH_URL: publicUrl,
    };
    server = await startServer({ env, label: "production", ownDatabase: true });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it("prints no demo key and says it runs in production mode", () => {
    expect(server.output()).not.toMatch(/pp_live_|demo API key/);
    expect(server.output()).toContain("production mode");
  });

  it("GET /dev/outbox: 404", async () => {
    const response = await fetch(`${server.baseUrl}/dev/outbox`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Dev outbox");
  });

  it("sends mail through SMTP_URL, and refuses a verified player's deposit (403) whatever DEMO_DEPOSITS says", async () => {
    const email = `prod-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`;
    const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl },
      body: JSON.stringify({ email, password: "correct horse battery", name: "Prod Player", dateOfBirth: "1990-04-17" }),
    });
    expect(signUp.status).toBe(200);
    const mail = await sink.waitForMailTo(email);
    const link = /https:\/\/prizepacks\.test(\/api\/auth\/verify-email\?\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();

    // The link points at the public URL; follow it on this instance.
    const verified = await fetch(`${server.baseUrl}${link}`, { redirect: "manual" });
    expect([200, 302]).toContain(verified.status);
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");

    const deposit = await fetch(`${server.baseUrl}/api/trpc/wallet.deposit`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl, cookie },
      body: JSON.stringify({ amount: "10.00" }),
    });
    expect(deposit.status).toBe(403);
    const body = await deposit.json();
    expect(body.error.message).toBe("Deposits are not available: demo deposits exist only in demo mode.");
    const me = await fetch(`${server.baseUrl}/api/trpc/me.get`, { headers: { cookie } });
    expect((await me.json()).result.data).toMatchObject({ email, balanceString: "0.00" });
  });

  it("sends Strict-Transport-Security, as the public URL is https", async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("a production-mode start without SMTP_URL", () => {
  it("refuses to start, saying what is missing", async () => {
    const { code, output } = await runStartToExit({
      HOST: "0.0.0.0",
      DEMO_MODE: "",
      SMTP_URL: "",
      BETTER_AUTH_URL: "",
      PORT: String(await freePort()),
    });
    expect(code).not.toBe(0);
    expect(output).toContain("Not in demo mode");
    expect(output).toContain("SMTP_URL");
    expect(output).not.toContain("pp_live_");
  });
});
