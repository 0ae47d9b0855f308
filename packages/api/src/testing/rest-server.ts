import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { Services } from "@prizepacks/core/server";
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
