import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl, newPlayer } from "./support.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");
const botDir = path.join(root, "examples/bot");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

async function step(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    return await run(command, args, { cwd: botDir, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (failure) {
    const { stdout = "", stderr = "" } = failure as { stdout?: string; stderr?: string };
    throw new Error(`${label} failed:\n${stdout}${stderr}`, { cause: failure });
  }
}

describe("examples/bot", () => {
  it("compiles under strict with a client generated from the served document, then lists, opens, retries, reads its events, rotates and verifies every draw", async () => {
    const tsconfig = JSON.parse(await readFile(path.join(botDir, "tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
    expect(tsconfig.compilerOptions).toMatchObject({ strict: true, exactOptionalPropertyTypes: true });

    // The generated client lives in the bot's gitignored src/generated/.
    const generated = path.join(botDir, "src/generated/api.d.ts");
    await rm(generated, { force: true });
    await step("openapi-typescript", bin("openapi-typescript"), [`${baseUrl}/api/openapi.json`, "-o", generated]);
    expect(await readFile(generated, "utf8")).toContain('"/v1/packs/{idOrSlug}/open"');
    await step("tsc --noEmit", bin("tsc"), ["--noEmit", "-p", botDir]);

    const player = await newPlayer("50.00");
    const { stdout } = await step("the bot", bin("tsx"), ["src/bot.ts"], {
      ...process.env,
      PRIZEPACKS_URL: baseUrl,
      PRIZEPACKS_API_KEY: player.apiKey,
    });
    const summary = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(["unchanged", "changed"]).toContain(summary.catalogue);
    expect(summary).toMatchObject({
      opened: 2,
      idempotentReplay: true,
      openCompletedEvents: 2,
      draws: 2,
      verified: 2,
      allVerified: true,
    });
  });
});
