import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort } from "./server-instance.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

test("npm start from another folder with a relative PRIZEPACKS_DATA_DIR: the log names the folder the server uses", async () => {
  const cwd = mkdtempSync(path.join(tmpdir(), "prizepacks-start-cwd-"));
  const dataDir = path.join(cwd, "relative-data");
  const port = await freePort();
  let output = "";
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd,
    // The embedded database, whose folder the log names.
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      PRIZEPACKS_DATA_DIR: "relative-data",
      PRIZEPACKS_SKIP_BUILD: "1",
      RATE_LIMIT_PREFIX: `start-${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 110_000, interval: 250 }).toMatch(/listening on http:\/\//);
    expect(output).toContain(`[prizepacks] database: embedded PGlite (${path.join(dataDir, "pglite")})`);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(true);
    expect(existsSync(path.join(root, "relative-data"))).toBe(false);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    // The built server run by plain node, and how long it took to answer.
    await expect
      .poll(() => output, { timeout: 10_000, interval: 100 })
      .toMatch(/\[prizepacks\] ready in \d+\.\d s \(\d+\.\d s since npm start\)/);
  } finally {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(cwd, { recursive: true, force: true });
  }
});
