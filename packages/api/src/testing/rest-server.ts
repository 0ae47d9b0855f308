import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect } from "vitest";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createRestHandler } from "../rest.ts";

export interface RestServer {
  url: string;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads an answer field by field, as JSON.
export type JsonAnswer = Record<string, any>;

/** A /v1 call with a bearer key and a JSON body (POST only), answered in JSON (checked). */
export async function callRest(
  server: RestServer,
  apiKey: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: unknown = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...headers },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, body: (await response.json()) as JsonAnswer };
}

/** The REST facade alone on a loopback port of its own, for tests that call /v1 over HTTP. */
export async function startRestServer(services: Services): Promise<RestServer> {
  const handleRest = createRestHandler({ services });
  const app = createServer((req, res) => void handleRest(req, res));
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    close: async () => {
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
    },
  };
}

/**
 * Gives the calling test file a migrated database of its own, its Services and the REST facade on
 * a loopback port, closed after its last test; `rest` calls /v1 on it (callRest).
 */
export function useRestServer() {
  let services: Services | undefined;
  let server: RestServer | undefined;
  beforeAll(async () => {
    services = await openServices(await openTestDatabase());
    server = await startRestServer(services);
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The REST server is started in beforeAll; use it inside a test.");
    return value;
  };
  return {
    services: () => opened(services),
    server: () => opened(server),
    rest: (apiKey: string, method: string, path: string, headers?: Record<string, string>, body?: unknown) =>
      callRest(opened(server), apiKey, method, path, headers, body),
  };
}
