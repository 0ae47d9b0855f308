import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const COMMANDS = [
  "user:create",
  "user:set",
  "key:create",
  "key:revoke",
  "wallet:credit",
  "wallet:adjust",
  "pack:set-active",
  "pack:archive",
  "pack:delete",
  "pack:import",
  "pack:export",
  "settings:rtp-range",
  "audit",
];

// The real command, as an operator types it. Nothing here reaches a database: help and argv
// mistakes are answered before any command runs (admin-cli.e2e.test.ts runs the commands).
function cli(...args: string[]) {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args], { cwd: root, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("npm run admin -- --help", () => {
  it("--help, -h and help list every command on stdout and exit 0", () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const result = cli(...args);
      expect(result.status, args.join(" ")).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^Usage: npm run --silent admin -- <command>/);
      for (const name of COMMANDS) expect(result.stdout).toContain(`  ${name}`);
    }
  });

  it("<command> --help, -h and help <command> show the command's flags, the required ones marked, and exit 0", () => {
    for (const args of [
      ["user:create", "--help"],
      ["user:create", "-h"],
      ["help", "user:create"],
    ]) {
      const result = cli(...args);
      expect(result.status, args.join(" ")).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toContain(
        "Usage: npm run --silent admin -- user:create --email <address> [--balance <amount>] [--password <password>] [--name <name>]",
      );
      expect(result.stdout).toMatch(/--email <address> +the account's e-mail \(required\)/);
    }
  });

  it("no command, an unknown command or an unknown flag: a JSON error on stderr and a non-zero exit", () => {
    for (const [args, message] of [
      [[], /^No command given\./],
      [["no:such-command"], /^unknown command 'no:such-command'/],
      [["user:create", "--emial", "a@b.c"], /^unknown option '--emial'\n\(Did you mean --email\?\)$/],
    ] as const) {
      const result = cli(...args);
      expect(result.status, args.join(" ")).toBe(1);
      expect(result.stdout).toBe("");
      expect(JSON.parse(result.stderr).error).toMatch(message);
    }
  });
});
