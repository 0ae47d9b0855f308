import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataFolderSecrets } from "@prizepacks/db/env";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { uniqueEmail } from "./support.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const work = mkdtempSync(path.join(tmpdir(), "prizepacks-backup-"));
// The embedded default, in a data folder of this test's, kept across the server's restart.
const dataDir = path.join(work, "data");
const backupFile = path.join(work, "backup.json");
let server: ServerInstance | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", PRIZEPACKS_DATA_DIR: dataDir, ...env },
    encoding: "utf8",
  });
  return {
    status: result.status,
    json: JSON.parse(result.stdout.trim() || result.stderr.trim().split("\n").at(-1)!) as Record<string, unknown>,
  };
}

const ok = (args: string[]) => {
  const result = cli(args);
  expect(result.status, JSON.stringify(result.json)).toBe(0);
  return result.json;
};

async function balanceOf(apiKey: string): Promise<unknown> {
  const response = await fetch(`${server!.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${apiKey}` } });
  return ((await response.json()) as { balance: unknown }).balance;
}

describe("npm run admin -- backup / restore (embedded database)", () => {
  it("a backup taken while the server runs, restored after a stop, brings back the data and the secrets as they were", async () => {
    server = await startServer({ label: "backup", dataDir, env: { DATABASE_URL: "" } });
    const kept = uniqueEmail("kept");
    const { apiKey } = ok(["user:create", "--email", kept, "--balance", "10.00"]) as { apiKey: string };

    const backup = ok(["backup", "--file", backupFile]);
    const presentSecrets = dataFolderSecrets.filter((name) => existsSync(path.join(dataDir, name)));
    expect(presentSecrets).toContain("demo-api-key");
    expect(presentSecrets).toContain("local-beacon-key.json");
    expect(backup).toEqual({ file: backupFile, bytes: expect.any(Number), takenBy: "running server", secrets: presentSecrets });
    const secretsThen = Object.fromEntries(presentSecrets.map((name) => [name, readFileSync(path.join(dataDir, name), "utf8")]));

    // After the backup: money moves, an account appears.
    ok(["wallet:credit", "--email", kept, "--amount", "5.00"]);
    const later = uniqueEmail("later");
    ok(["user:create", "--email", later]);
    expect(await balanceOf(apiKey)).toBe(15);

    const whileRunning = cli(["restore", "--file", backupFile]);
    expect(whileRunning.status).toBe(1);
    expect(whileRunning.json.error).toMatch(/^A server is running on this data folder \(pid \d+, port \d+\): stop it, then restore\.$/);
    expect(await balanceOf(apiKey)).toBe(15);

    await server.stop();
    for (const name of presentSecrets) writeFileSync(path.join(dataDir, name), "changed since\n");
    const restored = ok(["restore", "--file", backupFile]);
    expect(restored).toMatchObject({ restored: backupFile, previous: expect.stringMatching(/pglite\.before-restore-/) });
    for (const name of presentSecrets) expect(readFileSync(path.join(dataDir, name), "utf8"), name).toBe(secretsThen[name]);

    server = await startServer({ label: "backup-restored", dataDir, env: { DATABASE_URL: "" } });
    expect(await balanceOf(apiKey)).toBe(10);
    const gone = cli(["wallet:credit", "--email", later, "--amount", "1.00"]);
    expect(gone.status).toBe(1);
    expect(gone.json.error).toMatch(/No user with e-mail/);
    expect(ok(["audit"]).ok).toBe(true);
  });

  it("without a server the CLI opens the database itself for the copy", async () => {
    await server?.stop();
    server = undefined;
    const file = path.join(work, "offline.json");
    expect(ok(["backup", "--file", file])).toMatchObject({ file, takenBy: "admin CLI" });
    expect(ok(["restore", "--file", file])).toMatchObject({ restored: file });
  });

  it("restore refuses a file that is not a backup, or is missing, and leaves the data folder alone", () => {
    const notABackup = path.join(work, "pack.json");
    writeFileSync(notABackup, JSON.stringify({ slug: "a-pack", items: [] }));
    const damaged = path.join(work, "damaged.json");
    writeFileSync(damaged, JSON.stringify({ ...JSON.parse(readFileSync(backupFile, "utf8")), database: "" }));
    const text = path.join(work, "notes.txt");
    writeFileSync(text, "not json at all");
    for (const [file, message] of [
      [notABackup, /is not a prizepacks backup \(no "format": "prizepacks-embedded-backup"\)/],
      [damaged, /is not a prizepacks backup \(damaged: database: /],
      [text, /is not a prizepacks backup \(not JSON\)/],
      [path.join(work, "missing.json"), /missing\.json does not exist\./],
    ] as const) {
      const before = readdirSync(dataDir, { recursive: true });
      const refused = cli(["restore", "--file", file]);
      expect(refused.status, file).toBe(1);
      expect(refused.json.error, file).toMatch(message);
      expect(readdirSync(dataDir, { recursive: true })).toEqual(before);
    }
  });

  it("on PostgreSQL both refuse and point to pg_dump / pg_restore", () => {
    const env = { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/not_used_by_backup" };
    const backup = cli(["backup", "--file", path.join(work, "pg.json")], env);
    expect(backup.status).toBe(1);
    expect(backup.json.error).toMatch(/DATABASE_URL is set, so use pg_dump/);
    expect(existsSync(path.join(work, "pg.json"))).toBe(false);
    const restore = cli(["restore", "--file", backupFile], env);
    expect(restore.status).toBe(1);
    expect(restore.json.error).toMatch(/DATABASE_URL is set, so use pg_restore/);
  });
});
