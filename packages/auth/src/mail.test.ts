import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "@prizepacks/db/log";

// A mail server on loopback that refuses every recipient, naming it, as real ones do.
let server: SMTPServer;
let port: number;
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("sendMailInBackground", () => {
  it("returns before the mail server answers, and logs a failure without the recipient's address", async () => {
    vi.resetModules();
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
    const { sendMailInBackground } = await import("./mail.ts");
    const logged = new Promise<string>((resolve) => {
      vi.spyOn(logger("mail"), "error").mockImplementation((...args: unknown[]) => resolve(args.join(" ")));
    });

    expect(
      sendMailInBackground({ to: "someone.private@example.com", subject: "Reset your prizepacks password", text: "..." }),
    ).toBeUndefined();
    const line = await logged;
    expect(line).toContain('could not send "Reset your prizepacks password"');
    expect(line).toContain("<address>");
    expect(line).not.toContain("someone.private");
  });
});
