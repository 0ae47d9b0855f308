import type { Server } from "node:http";
import type { Socket } from "node:net";
import { isTrustedProxy } from "./client-address.ts";
import { apiEnv } from "./env.ts";

/**
 * Time a connection has to send a request's headers, counted from the connection (or from the
 * first byte of a later request on it). Node's default (60 s, checked every 30 s) let a client
 * hold tens of thousands of silent sockets for minutes; a real client sends its headers in
 * milliseconds. Idle keep-alive connections between requests are governed by keepAliveTimeout.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included (our bodies are small JSON; a pack file at most). */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Idle keep-alive connections outlive the idle timeouts of the proxies and load balancers in
 * front (60 s is common): a server that closes first races the proxy's next request on that
 * connection, which then fails with "socket hang up" instead of reaching us. Bots that pause a
 * few seconds between calls hit the same race with Node's 5 s default.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node looks for connections past HEADERS_TIMEOUT_MS or REQUEST_TIMEOUT_MS. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** createServer options that go with limitConnections (the checking interval can only be set there). */
export const serverOptions = { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS } as const;

/**
 * Bounds what one client can hold on the server: request and header timeouts for connections
 * with no request in progress, and at most CONNECTIONS_PER_ADDRESS open connections per socket
 * address (trusted proxies excepted: every visitor behind one shares its address). A connection
 * past the cap is closed at once, before Node parses anything, which costs nothing to refuse.
 */
export function limitConnections(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  const maxPerAddress = apiEnv().CONNECTIONS_PER_ADDRESS;
  const openPerAddress = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isTrustedProxy(address)) return;
    const open = openPerAddress.get(address) ?? 0;
    if (open >= maxPerAddress) return void socket.destroy();
    openPerAddress.set(address, open + 1);
    socket.once("close", () => {
      const left = (openPerAddress.get(address) ?? 1) - 1;
      if (left > 0) openPerAddress.set(address, left);
      else openPerAddress.delete(address);
    });
  });
}
