import type { TestProject } from "vitest/node";
import { startServer, type ServerInstance } from "./server-instance.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    demoApiKey: string;
  }
}

let server: ServerInstance | undefined;

/** The shared server of the e2e suite: the built app in demo mode on DATABASE_URL (or PGlite). */
export default async function setup(project: TestProject) {
  server = await startServer({ label: "e2e" });
  const demoApiKey = /demo API key: (pp_live_\w+)/.exec(server.output())?.[1];
  if (!demoApiKey) throw new Error(`start-up did not print the demo API key:\n${server.output()}`);
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("demoApiKey", demoApiKey);
  return () => server?.stop();
}
