import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accessLogger, attributeToAccount, currentRequest } from "@prizepacks/db/log";
import { observeRequests } from "./observe-request.ts";

describe("observeRequests", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(
      observeRequests(
        (req, res) => {
          // Later in the request, across an await: the context is still this request's.
          void Promise.resolve().then(() => {
            if (req.url?.startsWith("/v1/me")) attributeToAccount("user_1");
            res.writeHead(req.url === "/fail" ? 503 : 200).end(currentRequest()?.requestId);
          });
        },
        { nextRoutes: [] },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const lines = () => {
    const info = vi.spyOn(accessLogger(), "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(accessLogger(), "warn").mockImplementation(() => undefined);
    return {
      written: () => [...info.mock.calls, ...warn.mock.calls].map((call) => call[0] as Record<string, unknown>),
      restore: () => (info.mockRestore(), warn.mockRestore()),
    };
  };

  it("keeps a well-formed X-Request-Id, echoes it and logs one line with it", async () => {
    const log = lines();
    try {
      const response = await fetch(`${url}/v1/me?secret=1`, { headers: { "x-request-id": "bot-7.run_42" } });
      expect(response.headers.get("x-request-id")).toBe("bot-7.run_42");
      expect(await response.text()).toBe("bot-7.run_42");
      await vi.waitFor(() => expect(log.written()).toHaveLength(1));
      expect(log.written()[0]).toMatchObject({
        requestId: "bot-7.run_42",
        accountId: "user_1",
        method: "GET",
        route: "/v1/me",
        status: 200,
      });
      expect(JSON.stringify(log.written()[0])).not.toContain("secret");
    } finally {
      log.restore();
    }
  });

  it("replaces an id that is too long or has other characters with a UUID", async () => {
    for (const presented of ["a".repeat(65), "two words", "semi;colon", ""]) {
      const response = await fetch(`${url}/fail`, { headers: { "x-request-id": presented } });
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(await response.text()).toBe(id);
    }
    const response = await fetch(`${url}/fail`, { headers: { "x-request-id": "a".repeat(64) } });
    expect(response.headers.get("x-request-id")).toBe("a".repeat(64));
  });
});
