import { describe, expect, it } from "vitest";
import { readStream } from "./sse";
import { admin, baseUrl, call, somePack, uniqueEmail } from "./support";

// GET /api/account/changes: the signed-in browser's change feed (the header balance follows it).

async function signedInCookie(balance: string) {
  const email = uniqueEmail("changes");
  const password = "correct horse battery";
  const player = await admin("user:create", { email, password, balance });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, apiKey: player.apiKey! };
}

describe("GET /api/account/changes", () => {
  it("without a session: a 401 JSON error", async () => {
    const response = await fetch(`${baseUrl}/api/account/changes`);
    expect(response.status).toBe(401);
    expect((await response.json()) as { message: string }).toMatchObject({ message: expect.any(String) });
  });

  it("sends `changed` when the account's money moves through another channel (a REST opening)", async () => {
    const { cookie, apiKey } = await signedInCookie("500.00");
    const { slug } = await somePack(apiKey);
    const stream = await readStream(
      `${baseUrl}/api/account/changes`,
      { headers: { cookie }, until: (events) => events.some((event) => event.event === "changed"), timeoutMs: 5_000 },
      async () => {
        const opened = await call(`/v1/packs/${slug}/open`, { key: apiKey, method: "POST" });
        expect(opened.status).toBe(200);
      },
    );
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.events.map((event) => event.event)).toContain("changed");
  });
});
