import type { IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";

function request(socketAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: socketAddress },
    connection: { remoteAddress: socketAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  } as unknown as IncomingMessage;
}

async function loadWith(trustedProxies: string | undefined) {
  vi.resetModules();
  if (trustedProxies === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = trustedProxies;
  return import("./client-address.ts");
}

describe("clientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted (the default)", async () => {
    const { clientAddress } = await loadWith(undefined);
    expect(clientAddress(request("203.0.113.5", "198.51.100.1"))).toBe("203.0.113.5");
    expect(clientAddress(request("::ffff:203.0.113.5", "198.51.100.1"))).toBe("203.0.113.5");
  });

  it("reads X-Forwarded-For only through trusted hops, right to left", async () => {
    const { clientAddress } = await loadWith("10.0.0.0/8, 192.0.2.7");
    // From the trusted proxy: the address it appended counts.
    expect(clientAddress(request("10.1.2.3", "198.51.100.1"))).toBe("198.51.100.1");
    // A client-forged entry to the left of the real one is not believed.
    expect(clientAddress(request("10.1.2.3", "1.1.1.1, 198.51.100.1"))).toBe("198.51.100.1");
    // Through two trusted hops.
    expect(clientAddress(request("192.0.2.7", "198.51.100.9, 10.0.0.1"))).toBe("198.51.100.9");
    // Straight from an untrusted address: the header is ignored.
    expect(clientAddress(request("203.0.113.5", "198.51.100.1"))).toBe("203.0.113.5");
  });
});
