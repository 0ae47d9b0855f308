import { randomUUID } from "node:crypto";
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { startSmtpSink } from "./smtp-sink.ts";

// Password guessing, mail flooding, reset links and what answer times tell, each on an app
// instance of its own (its own database, Redis prefix and mail sink), since these tests need
// limits and trusted proxies set at start-up.

const PASSWORD = "correct horse battery";
/** A sign-up's date of birth, well over any MINIMUM_AGE. */
const ADULT = "1990-04-17";
const WINDOW_SECONDS = 15 * 60;
/** How long the slow mail provider of these tests takes to accept a mail. */
const MAIL_DELAY_MS = 1_000;

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`;
let addressCounter = 0;
/** A fresh address each call (198.18.0.0/15, a range for tests): what an attacker rotating X-Forwarded-For sends. */
const nextAddress = () => {
  addressCounter++;
  return `198.18.${addressCounter >> 8}.${addressCounter & 255}`;
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json: any;
  /** From sending the request to the end of the answer. */
  ms: number;
}

interface PostOptions {
  /** X-Forwarded-For. */
  forwardedFor?: string;
  /** The local address the connection comes from (any of 127.0.0.0/8 reaches the server). */
  from?: string;
  cookie?: string;
  /** Send the body form-encoded instead of as JSON (better-auth accepts both for sign-in and sign-up). */
  form?: boolean;
}

/** POST to better-auth over a connection of its own (node:http, so the local address can be chosen). */
function post(server: ServerInstance, path: string, body: Record<string, string>, options: PostOptions = {}): Promise<Answer> {
  const payload = options.form ? new URLSearchParams(body).toString() : JSON.stringify(body);
  const headers: Record<string, string> = {
    "content-type": options.form ? "application/x-www-form-urlencoded" : "application/json",
    "content-length": String(Buffer.byteLength(payload)),
    origin: server.baseUrl,
    connection: "close",
  };
  if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
  if (options.cookie) headers.cookie = options.cookie;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { host: "127.0.0.1", port: server.port, path: `/api/auth${path}`, method: "POST", headers, localAddress: options.from },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => {
          const ms = performance.now() - started;
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            // better-auth answers some errors with an empty body
          }
          resolve({ status: res.statusCode!, headers: res.headers, json, ms });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const signIn = (server: ServerInstance, email: string, password: string, options: PostOptions = {}) =>
  post(server, "/sign-in/email", { email, password }, options);

const sessionCookie = (answer: Answer) => (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");

function expectRetryAfterWithin(answer: Answer, maxSeconds: number) {
  const seconds = Number(answer.headers["retry-after"]);
  expect(Number.isInteger(seconds), `Retry-After: ${answer.headers["retry-after"]}`).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** An instance of its own: its own database where DATABASE_URL is set, PGlite in its data folder otherwise. */
async function startInstance(label: string, env: Record<string, string>) {
  const server = await startServer({ label, env, ownDatabase: true });
  return { server, stop: () => server.stop() };
}

describe("auth requests, on an instance with a slow mail provider and no trusted proxy", () => {
  let server: ServerInstance;
  let stop: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    sink = await startSmtpSink({ acceptDelayMs: MAIL_DELAY_MS });
    // The per-address limit raised out of the way: every request here comes from 127.0.0.1.
    ({ server, stop } = await startInstance("auth", { SMTP_URL: sink.url, RATE_LIMIT_AUTH_PER_MINUTE: "100000" }));
  });
  afterAll(async () => {
    await stop?.();
    await sink?.close();
  });

  // Every request here forges a fresh X-Forwarded-For, as an attacker would: with no trusted
  // proxy it must change nothing (before, better-auth keyed its limits on it).
  const send = (path: string, body: Record<string, string>, options: PostOptions = {}) =>
    post(server, path, body, { forwardedFor: nextAddress(), ...options });
  const signInA = (email: string, password: string, options: PostOptions = {}) => send("/sign-in/email", { email, password }, options);

  const mailsTo = (email: string, subject: RegExp) => sink.mails.filter((mail) => mail.to.includes(email) && subject.test(mail.raw));
  const resetTokenOf = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)\?/.exec(text)?.[1];

  async function signUp(email: string, password = PASSWORD) {
    const answer = await send("/sign-up/email", { email, password, name: "Player", dateOfBirth: ADULT });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer;
  }

  /** Signs up and follows the verification link from the mail. */
  async function verifiedAccount(label: string) {
    const email = uniqueEmail(label);
    await signUp(email);
    const mail = await sink.waitForMailTo(email);
    const link = /http:\/\/127\.0\.0\.1:\d+(\/api\/auth\/verify-email\?\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    const verified = await fetch(`${server.baseUrl}${link}`, { redirect: "manual" });
    expect([200, 302]).toContain(verified.status);
    return email;
  }

  async function requestResetLink(email: string, previousMails: number) {
    const answer = await send("/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(answer.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (mailsTo(email, /Reset your prizepacks password/).length <= previousMails) {
      if (Date.now() > deadline) throw new Error(`no reset mail to ${email}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const token = resetTokenOf(mailsTo(email, /Reset your prizepacks password/)[previousMails]!.text);
    expect(token).toBeDefined();
    return token!;
  }

  describe("POST /api/auth/sign-in/email", () => {
    it("refuses an account every sign-in after 10 failures in 15 minutes, the right password too, whatever X-Forwarded-For says", async () => {
      const email = await verifiedAccount("guess");
      for (let i = 0; i < 10; i++) {
        const wrong = await signInA(email, `wrong password ${i}`);
        expect(wrong.status, `failure ${i + 1}`).toBe(401);
      }
      const eleventh = await signInA(email, "wrong password 11");
      expect(eleventh.status).toBe(429);
      expect(eleventh.json).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/failed sign-ins/) });
      expectRetryAfterWithin(eleventh, WINDOW_SECONDS);

      const right = await signInA(email, PASSWORD);
      expect(right.status).toBe(429);
      expectRetryAfterWithin(right, WINDOW_SECONDS);
      expect(sessionCookie(right)).not.toContain("session_token");
      // The same account however its address is written, and in a form-encoded body.
      expect((await signInA(` ${email.toUpperCase()} `, PASSWORD)).status).toBe(429);
      expect((await signInA(email, PASSWORD, { form: true })).status).toBe(429);

      // Only that account: another signs in from the same address.
      const other = await verifiedAccount("bystander");
      const otherSignIn = await signInA(other, PASSWORD);
      expect(otherSignIn.status).toBe(200);
      expect(sessionCookie(otherSignIn)).toContain("session_token");
    });

    it("counts form-encoded attempts like JSON ones", async () => {
      const email = uniqueEmail("form");
      for (let i = 0; i < 10; i++) expect((await signInA(email, `wrong ${i}`, { form: true })).status).toBe(401);
      expect((await signInA(email, "wrong", { form: true })).status).toBe(429);
    });

    it("limits an unknown e-mail exactly like an account, so the limit tells nobody who has one", async () => {
      const email = uniqueEmail("nobody");
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await signInA(email, `guess ${i}`));
      expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
    });

    it("counts guesses sent all at once: of 15 parallel ones, exactly 10 are answered", async () => {
      const email = uniqueEmail("parallel");
      const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => signInA(email, `guess ${i}`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    });

    it("a successful sign-in gives back only its own count: the failures before it still count", async () => {
      const email = await verifiedAccount("mistyped");
      for (let i = 0; i < 9; i++) expect((await signInA(email, `typo ${i}`)).status).toBe(401);
      expect((await signInA(email, PASSWORD)).status).toBe(200);
      expect((await signInA(email, "typo again")).status).toBe(401);
      expect((await signInA(email, PASSWORD)).status).toBe(429);
    });
  });

  describe("POST /api/auth/request-password-reset", () => {
    it("sends at most 3 reset mails per address in 15 minutes, then 429 with Retry-After; an unknown e-mail answers the same", async () => {
      const known = await verifiedAccount("reset-flood");
      const unknown = uniqueEmail("reset-nobody");
      for (const email of [known, unknown]) {
        const answers = [];
        for (let i = 0; i < 4; i++) {
          answers.push(await send("/request-password-reset", { email, redirectTo: "/reset-password" }));
        }
        expect(
          answers.map((a) => a.status),
          email,
        ).toEqual([200, 200, 200, 429]);
        expect(answers[0]!.json).toEqual({ status: true, message: expect.any(String) });
        expect(answers[3]!.json).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
        expectRetryAfterWithin(answers[3]!, WINDOW_SECONDS);
      }
      await sink.waitForMailsTo(known, 4); // the verification mail and three reset mails
      expect(mailsTo(known, /Reset your prizepacks password/)).toHaveLength(3);
    });
  });

  describe("POST /api/auth/send-verification-email", () => {
    it("sends at most 3 verification mails per address in 15 minutes (the sign-up's included), then 429; an unknown e-mail answers the same", async () => {
      const known = uniqueEmail("verify-flood");
      await signUp(known);
      const knownAnswers = [];
      for (let i = 0; i < 3; i++) knownAnswers.push(await send("/send-verification-email", { email: known }));
      expect(knownAnswers.map((a) => a.status)).toEqual([200, 200, 429]);
      expectRetryAfterWithin(knownAnswers[2]!, WINDOW_SECONDS);

      const unknown = uniqueEmail("verify-nobody");
      const unknownAnswers = [];
      for (let i = 0; i < 4; i++) unknownAnswers.push(await send("/send-verification-email", { email: unknown }));
      expect(unknownAnswers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      for (const refused of [knownAnswers[2]!, unknownAnswers[3]!])
        expect(refused.json).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
    });
  });

  describe("POST /api/auth/reset-password", () => {
    it("refuses reset link A once link B was used", async () => {
      const email = await verifiedAccount("links");
      const linkA = await requestResetLink(email, 0);
      const linkB = await requestResetLink(email, 1);
      expect(linkA).not.toBe(linkB);

      const useB = await send("/reset-password", { token: linkB, newPassword: "password from link B" });
      expect(useB.status).toBe(200);
      const useA = await send("/reset-password", { token: linkA, newPassword: "password from link A" });
      expect(useA.status).toBe(400);
      expect(useA.json).toMatchObject({ code: "INVALID_TOKEN" });

      expect((await signInA(email, "password from link B")).status).toBe(200);
      expect((await signInA(email, "password from link A")).status).toBe(401);
    });

    it("refuses every outstanding reset link once the password was changed", async () => {
      const email = await verifiedAccount("changed");
      const link = await requestResetLink(email, 0);
      const session = await signInA(email, PASSWORD);
      expect(session.status).toBe(200);
      const change = await post(
        server,
        "/change-password",
        { currentPassword: PASSWORD, newPassword: "a brand new password" },
        { cookie: sessionCookie(session) },
      );
      expect(change.status, JSON.stringify(change.json)).toBe(200);

      const useLink = await send("/reset-password", { token: link, newPassword: "password from the old link" });
      expect(useLink.status).toBe(400);
      expect((await signInA(email, "a brand new password")).status).toBe(200);
    });
  });

  describe("answer times: an existing e-mail answers like an unknown one (mail leaves after the answer)", () => {
    // Requests alternate (known first, then unknown first) so that a busy moment of the machine
    // hits both alike; medians, and generous bounds. With the mail sent inside the request the
    // known e-mail's answers each carried the mail provider's whole delay.
    const ROUNDS = 6;

    it("POST /api/auth/request-password-reset", async () => {
      const known: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const email = uniqueEmail("reset-timing");
        await signUp(email);
        known.push(email);
      }
      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const pair = [
          async () => knownMs.push((await send("/request-password-reset", { email: known[i]!, redirectTo: "/reset-password" })).ms),
          async () =>
            unknownMs.push(
              (await send("/request-password-reset", { email: uniqueEmail("reset-unknown"), redirectTo: "/reset-password" })).ms,
            ),
        ];
        if (i % 2) pair.reverse();
        for (const run of pair) await run();
      }
      const ratio = median(knownMs) / median(unknownMs);
      console.log(`reset: known ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
      // And the mails did go out, after the answers.
      for (const email of known) await sink.waitForMailsTo(email, 2);
    });

    it("POST /api/auth/sign-up/email: the same answer, as fast, for an existing e-mail as for a new one", async () => {
      const existing: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const email = uniqueEmail("signup-timing");
        await signUp(email);
        existing.push(email);
      }
      const existingAnswers: Answer[] = [];
      const newAnswers: Answer[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const pair = [
          async () =>
            existingAnswers.push(
              await send("/sign-up/email", { email: existing[i]!, password: "another password", name: "Player", dateOfBirth: ADULT }),
            ),
          async () =>
            newAnswers.push(
              await send("/sign-up/email", {
                email: uniqueEmail("signup-new"),
                password: "another password",
                name: "Player",
                dateOfBirth: ADULT,
              }),
            ),
        ];
        if (i % 2) pair.reverse();
        for (const run of pair) await run();
      }
      const shape = (answer: Answer) => ({
        status: answer.status,
        keys: Object.keys(answer.json ?? {}).sort(),
        userKeys: Object.keys(answer.json?.user ?? {}).sort(),
        token: answer.json?.token,
      });
      for (let i = 0; i < ROUNDS; i++) expect(shape(existingAnswers[i]!)).toEqual(shape(newAnswers[i]!));
      expect(existingAnswers[0]!.json.user).toMatchObject({ email: existing[0], emailVerified: false, name: "Player" });

      const existingMs = existingAnswers.map((a) => a.ms);
      const newMs = newAnswers.map((a) => a.ms);
      const ratio = median(existingMs) / median(newMs);
      console.log(`sign-up: existing ${median(existingMs).toFixed(1)} ms, new ${median(newMs).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
      expect(ratio).toBeGreaterThan(1 / 3);
      expect(ratio).toBeLessThan(3);
    });
  });
});

describe("client addresses behind a trusted proxy (TRUSTED_PROXIES=127.0.0.2)", () => {
  // 127.0.0.2 plays the load balancer; connections from 127.0.0.1 are clients reaching the
  // server directly. Three auth requests per address and minute make the address limit visible.
  let server: ServerInstance;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ server, stop } = await startInstance("proxied", { TRUSTED_PROXIES: "127.0.0.2", RATE_LIMIT_AUTH_PER_MINUTE: "3" }));
  });
  afterAll(async () => {
    await stop?.();
  });

  /** Sign-ins as four different (unknown) accounts, so only the address limit can refuse. */
  const fourSignIns = async (options: () => PostOptions) => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(server, uniqueEmail("addr"), "some password", options())).status);
    return statuses;
  };

  it("POST /api/auth/sign-in/email: X-Forwarded-For counts only when the socket is a trusted proxy", async () => {
    // Straight from a client: its forged X-Forwarded-For is ignored, the socket's address is limited.
    expect(await fourSignIns(() => ({ from: "127.0.0.1", forwardedFor: nextAddress() }))).toEqual([401, 401, 401, 429]);
    // Through the proxy: each client address it reports has a limit of its own...
    expect(await fourSignIns(() => ({ from: "127.0.0.2", forwardedFor: nextAddress() }))).toEqual([401, 401, 401, 401]);
    // ...which one client cannot escape by adding entries of its own left of what the proxy appended.
    const client = nextAddress();
    expect(await fourSignIns(() => ({ from: "127.0.0.2", forwardedFor: `${nextAddress()}, ${client}` }))).toEqual([401, 401, 401, 429]);
    const refused = await signIn(server, uniqueEmail("addr"), "x", { from: "127.0.0.2", forwardedFor: client });
    expect(refused.json).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/address/) });
    expectRetryAfterWithin(refused, 60);
  });

  it("POST /api/auth/sign-in/email: an account's limit holds across many real client addresses", async () => {
    const email = uniqueEmail("botnet");
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(server, email, `guess ${i}`, { from: "127.0.0.2", forwardedFor: nextAddress() })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
