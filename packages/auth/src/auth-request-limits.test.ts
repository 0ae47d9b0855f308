import { describe, expect, it } from "vitest";
import { authRequestCounts, emailLimitIdentifier, readAuthBody } from "./auth-request-limits.ts";

const counted = (method: string, path: string, body: unknown, address: string | null = "203.0.113.5") =>
  authRequestCounts(method, path, body, address).map(({ policy, identifier }) => `${policy} ${identifier}`);
const keeps = (path: string, status: number) =>
  authRequestCounts("POST", path, { email: "a@example.com" }, "203.0.113.5").map((count) => count.keepsCount(status));

describe("authRequestCounts", () => {
  const email = emailLimitIdentifier("player@example.com");

  it("counts a sign-in against its address and its e-mail, the e-mail trimmed and lower-cased", () => {
    expect(counted("POST", "/api/auth/sign-in/email", { email: " Player@Example.COM ", password: "x" })).toEqual([
      "authAddress ip:203.0.113.5",
      `signInFailures ${email}`,
    ]);
    expect(email).toMatch(/^email:[0-9a-f]{32}$/);
    expect(email).not.toContain("player");
  });

  it("counts mails per e-mail: sign-up and verification resends together, reset links apart", () => {
    expect(counted("POST", "/api/auth/sign-up/email", { email: "player@example.com" })[1]).toBe(`verificationMails ${email}`);
    expect(counted("POST", "/api/auth/send-verification-email", { email: "player@example.com" })[1]).toBe(`verificationMails ${email}`);
    expect(counted("POST", "/api/auth/request-password-reset", { email: "player@example.com" })[1]).toBe(`passwordResetMails ${email}`);
    for (const path of ["/api/auth/reset-password", "/api/auth/change-password", "/api/auth/change-email"]) {
      expect(counted("POST", path, { email: "player@example.com" }), path).toEqual(["authAddress ip:203.0.113.5"]);
    }
  });

  it("counts the two-factor endpoints (the sign-in's code step, the settings that check the password) against the address", () => {
    for (const endpoint of ["verify-totp", "verify-backup-code", "enable", "disable", "generate-backup-codes", "get-totp-uri"]) {
      expect(counted("POST", `/api/auth/two-factor/${endpoint}`, { code: "123456" }), endpoint).toEqual(["authAddress ip:203.0.113.5"]);
    }
  });

  it("keeps a sign-in counted only when it failed (401); mail requests when answered", () => {
    expect(keeps("/api/auth/sign-in/email", 401)).toEqual([true, true]);
    for (const status of [200, 400, 403, 429, 500, 503])
      expect(keeps("/api/auth/sign-in/email", status), String(status)).toEqual([true, false]);
    expect(keeps("/api/auth/request-password-reset", 200)).toEqual([true, true]);
    expect(keeps("/api/auth/request-password-reset", 400)).toEqual([true, false]);
  });

  it("counts nothing else: reads, other endpoints, other paths; and no address limit without a stamped address", () => {
    expect(counted("GET", "/api/auth/get-session", undefined)).toEqual([]);
    expect(counted("POST", "/api/auth/sign-out", {})).toEqual([]);
    expect(counted("POST", "/api/trpc/sign-in/email", { email: "a@b.c" })).toEqual([]);
    expect(counted("POST", "/api/auth/sign-in/email", { email: "player@example.com" }, null)).toEqual([`signInFailures ${email}`]);
    // No e-mail string: better-auth refuses it (400) before any lookup.
    expect(counted("POST", "/api/auth/sign-in/email", { email: ["a@b.c"] })).toEqual(["authAddress ip:203.0.113.5"]);
    // A trailing slash would reach the same endpoint under skipTrailingSlashes.
    expect(counted("POST", "/api/auth/sign-in/email/", { email: "player@example.com" })[1]).toBe(`signInFailures ${email}`);
  });
});

describe("readAuthBody", () => {
  const post = (contentType: string, body: string) =>
    new Request("http://x/api/auth/sign-in/email", { method: "POST", headers: { "content-type": contentType }, body });

  it("reads JSON and form-encoded bodies as better-auth does (the last of repeated form fields wins)", async () => {
    expect(await readAuthBody(post("application/json", '{"email":"a@b.c"}'))).toEqual({ email: "a@b.c" });
    expect(await readAuthBody(post("application/vnd.api+json; charset=utf-8", '{"email":"a@b.c"}'))).toEqual({ email: "a@b.c" });
    expect(await readAuthBody(post("application/x-www-form-urlencoded", "email=first%40b.c&email=last%40b.c&password=x"))).toEqual({
      email: "last@b.c",
      password: "x",
    });
  });

  it("reads nothing from other or malformed bodies, and leaves the request readable", async () => {
    expect(await readAuthBody(post("text/plain", '{"email":"a@b.c"}'))).toBeUndefined();
    expect(await readAuthBody(post("application/json", "{"))).toBeUndefined();
    const request = post("application/json", '{"email":"a@b.c"}');
    await readAuthBody(request);
    expect(await request.json()).toEqual({ email: "a@b.c" });
  });
});
