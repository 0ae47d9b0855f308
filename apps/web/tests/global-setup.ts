import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    demoApiKey: string;
  }
}

const root = path.resolve(import.meta.dirname, "..", "..", "..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

let server: ChildProcess | undefined;

/** Starts the built app with the project's own start command (build skipped: npm test built it). */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PRIZEPACKS_DATA_DIR: dataDir,
      PRIZEPACKS_SKIP_BUILD: "1",
      RATE_LIMIT_PREFIX: `e2e-${port}-${Date.now()}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const demoApiKey = /demo API key: (pp_live_\w+)/.exec(output)?.[1];
  if (!demoApiKey) throw new Error(`start-up did not print the demo API key:\n${output}`);

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("demoApiKey", demoApiKey);

  return async () => {
    server?.kill("SIGTERM");
    await new Promise((r) => server?.once("exit", r));
    if (process.env.E2E_SERVER_LOG) console.log(output);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
