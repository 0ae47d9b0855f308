import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";
import { CLIENT_ADDRESS_HEADER } from "@prizepacks/core/client-address-header";
import { apiEnv } from "./env.ts";

let compiledTrust: ((address: string, hop: number) => boolean) | undefined;
const trust = (address: string, hop: number) => (compiledTrust ??= proxyAddr.compile(apiEnv().TRUSTED_PROXIES))(address, hop);

/** An address listed in TRUSTED_PROXIES. */
export function isTrustedProxy(address: string): boolean {
  return trust(address, 0);
}

/**
 * The address a request came from. X-Forwarded-For is read only through hops the operator named
 * in TRUSTED_PROXIES: any client can send the header, so with no trusted proxy (the default) the
 * socket's own address counts, and a rotating header cannot buy fresh rate limits.
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) are given as IPv4, so one client has one key.
 */
export function clientAddress(req: IncomingMessage): string {
  let address: string;
  try {
    address = proxyAddr(req, trust);
  } catch {
    // proxy-addr throws on a malformed forwarded entry from a trusted hop: fall back to the socket.
    address = req.socket.remoteAddress ?? "unknown";
  }
  return address.toLowerCase().startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** Sets CLIENT_ADDRESS_HEADER from clientAddress, replacing any value the client sent. */
export function stampClientAddress(req: IncomingMessage): void {
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req);
}
