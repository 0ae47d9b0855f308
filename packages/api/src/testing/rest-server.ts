import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Services } from "@prizepacks/core/server";
import { createRestHandler } from "../rest.ts";

export interface RestServer {
  url: string;
  close(): Promise<void>;
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
