import type { TestProject } from "vitest/node";
import { startServer, type ServerInstance } from "./server-instance.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    demoApiKey: string;
  }
}

interface Shared {
  started: Promise<{ server: ServerInstance; demoApiKey: string }>;
  users: number;
}
// Both e2e projects (parallel and serial) set up in the one Vitest process: a second start on
// DATABASE_URL would revoke the demo key the first one printed, so they share the first server,
// stopped when the last of them tears down.
const SHARED = Symbol.for("prizepacks.e2e-server");
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

async function start() {
  const server = await startServer({ label: "e2e" });
  const demoApiKey = /demo API key: (pp_live_\w+)/.exec(server.output())?.[1];
  if (!demoApiKey) {
    await server.stop();
    throw new Error(`start-up did not print the demo API key:\n${server.output()}`);
  }
  return { server, demoApiKey };
}

/** The shared server of the e2e suite: the built app in demo mode on DATABASE_URL (or PGlite). */
export default async function setup(project: TestProject) {
  const shared = (holder[SHARED] ??= { started: start(), users: 0 });
  shared.users++;
  const { server, demoApiKey } = await shared.started;
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("demoApiKey", demoApiKey);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    await server.stop();
  };
}
