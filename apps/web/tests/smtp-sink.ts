import { SMTPServer } from "smtp-server";
import { freePort } from "./server-instance.ts";

export interface SunkMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/**
 * A mail server on loopback that keeps what it is sent: what SMTP_URL points at in tests.
 * `acceptDelayMs` holds every mail that long before accepting it, like a slow mail provider.
 */
export async function startSmtpSink({ acceptDelayMs = 0 }: { acceptDelayMs?: number } = {}) {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const text = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        setTimeout(() => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text });
          callback();
        }, acceptDelayMs);
      });
    },
  });
  // A client that goes away mid-conversation (a server under test stopped while a mail it sent
  // after its answer is still being accepted) is a reset connection, not a test failure.
  // Without a listener SMTPServer rethrows it as an uncaught exception in the test process.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("[smtp-sink]", error);
  });
  /** The first `count` mails to `address`, in the order they were accepted. */
  async function waitForMailsTo(address: string, count: number, timeoutMs = 10_000): Promise<SunkMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter((m) => m.to.includes(address));
      if (found.length >= count) return found.slice(0, count);
      if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${address} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMailTo(address: string, timeoutMs = 10_000): Promise<SunkMail> {
      return (await waitForMailsTo(address, 1, timeoutMs))[0]!;
    },
    waitForMailsTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
