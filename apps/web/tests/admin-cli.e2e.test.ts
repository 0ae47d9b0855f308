import { spawnSync } from "node:child_process";
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
    for (const args of [["user:create"], ["no:such-command"], ["wallet:credit", "--email", "nobody@x.y", "--amount", "1.00"], ["wallet:credit", "--email", "a@b.c", "--amount", "1.005"]]) {
      const result = cli(...args);
      expect(result.status, args.join(" ")).not.toBe(0);
      expect(result.stdout).toBe("");
      expect(JSON.parse(result.stderr)).toEqual({ error: expect.any(String) });
    }
  });
});
