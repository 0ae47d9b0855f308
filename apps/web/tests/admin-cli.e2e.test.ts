import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call, dataDir, uniqueEmail } from "./support.ts";

const root = path.resolve(import.meta.dirname, "..", "..", "..");

function cli(...args: string[]) {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], {
    cwd: root,
    env: { ...process.env, PRIZEPACKS_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("npm run admin", () => {
  it("creates a user whose key works on the running server, credits it and audits", async () => {
    const email = uniqueEmail("cli");
    const created = cli("user:create", "--email", email, "--balance", "7.50");
    expect(created.status, created.stderr).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(Object.keys(user).sort()).toEqual(["apiKey", "email", "userId"]);
    expect(user.apiKey).toMatch(/^pp_live_[0-9A-Za-z]{32,}$/);

    const credited = cli("wallet:credit", "--email", email, "--amount", "2.50");
    expect(JSON.parse(credited.stdout)).toEqual({ balance: "10.00" });
    expect((await call("/v1/me", { key: user.apiKey })).json.balance).toBe(10);

    const key = JSON.parse(cli("key:create", "--email", email, "--name", "bot").stdout);
    expect(key.apiKey).toMatch(/^pp_live_/);
    expect(JSON.parse(cli("key:revoke", "--key", key.apiKey).stdout)).toEqual({ revoked: true });
    expect((await call("/v1/me", { key: key.apiKey })).status).toBe(401);

    const audit = cli("audit");
    expect(audit.status, audit.stdout).toBe(0);
    expect(JSON.parse(audit.stdout).ok).toBe(true);
  });

  it("fails with a JSON error on stderr and a non-zero exit", () => {
    for (const args of [
      ["user:create"],
      ["no:such-command"],
      ["wallet:credit", "--email", "nobody@x.y", "--amount", "1.00"],
      ["wallet:credit", "--email", "a@b.c", "--amount", "1.005"],
    ]) {
      const result = cli(...args);
      expect(result.status, args.join(" ")).not.toBe(0);
      expect(result.stdout).toBe("");
      expect(JSON.parse(result.stderr)).toEqual({ error: expect.any(String) });
    }
  });

  it("pack:export writes a file that pack:import reads back: a new pack served over REST, exported the same", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "prizepacks-cli-packs-"));
    try {
      const exported = cli("pack:export", "--slug", "budget-tech-drop");
      expect(exported.status, exported.stderr).toBe(0);
      const pack = JSON.parse(exported.stdout);
      const slug = `cli-${randomUUID().slice(0, 8)}`;
      // A relative path: the CLI resolves it where it runs, even when the server does the work.
      const file = path.relative(root, path.join(dir, "pack.json"));
      writeFileSync(path.join(root, file), JSON.stringify({ ...pack, slug, name: "Imported by the CLI" }));
      const imported = cli("pack:import", "--file", file);
      expect(imported.status, imported.stderr).toBe(0);
      expect(JSON.parse(imported.stdout).imported).toEqual([
        expect.objectContaining({ slug, created: true, oddsVersion: 1, rtpPercent: "89.999" }),
      ]);

      const { apiKey } = JSON.parse(cli("user:create", "--email", uniqueEmail("cli-pack")).stdout);
      const served = await call(`/v1/packs/${slug}`, { key: apiKey });
      expect(served.status).toBe(200);
      expect(served.json).toMatchObject({ name: "Imported by the CLI", price: pack.price, oddsVersion: 1 });
      expect(served.json.items.map((item: { chance: number }) => String(item.chance))).toEqual(
        pack.items.map((item: { chance: string }) => item.chance),
      );

      const again = path.join(dir, "again.json");
      expect(cli("pack:export", "--slug", slug, "--file", again).status).toBe(0);
      expect(JSON.parse(readFileSync(again, "utf8"))).toEqual({ ...pack, slug, name: "Imported by the CLI" });

      // The same rules as the console: chances that do not sum to 100% are refused.
      writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ ...pack, slug: `${slug}-bad`, items: pack.items.slice(1) }));
      const refused = cli("pack:import", "--file", path.join(dir, "bad.json"));
      expect(refused.status).not.toBe(0);
      expect(JSON.parse(refused.stderr).error).toMatch(/must sum to exactly 100%/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
