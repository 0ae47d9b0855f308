import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adminCommandNames, type AdminInput, type AdminOutcome } from "@prizepacks/core/admin";
import { commandFlags, commandHelp, runCli } from "./program.ts";

const dir = mkdtempSync(path.join(tmpdir(), "prizepacks-admin-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI with a stand-in for the commands: what it printed, what it exited with, what it ran. */
async function cli(argv: string[], result: Record<string, unknown> = { done: true }) {
  let out = "";
  let err = "";
  const ran: Array<{ command: string; input: AdminInput }> = [];
  const run = async (command: string, input: AdminInput): Promise<AdminOutcome> => {
    ran.push({ command, input });
    return { ok: result.ok !== false, result };
  };
  const onFile = (command: string) => async (file: string) => {
    ran.push({ command, input: { file } });
    return result;
  };
  const status = await runCli(argv, {
    run,
    backup: onFile("backup"),
    restore: onFile("restore"),
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { status, out, err, ran };
}

describe("npm run admin: commands and flags", () => {
  it("declares every command with exactly the flags the command takes", () => {
    for (const name of adminCommandNames) {
      const declared = commandHelp[name].flags.map(({ flag }) => flag.split(" ")[0]!.slice(2));
      expect(declared.sort(), name).toEqual(
        commandFlags(name)
          .map((flag) => flag.name)
          .sort(),
      );
    }
  });

  it("hands the flags to the command as typed, --name value and --name=value alike", async () => {
    const { status, out, ran } = await cli(["user:set", "--email", "a@b.c", "--email-verified=true", "--role", "admin"], { role: "admin" });
    expect(status).toBe(0);
    expect(out).toBe('{"role":"admin"}\n');
    expect(ran).toEqual([{ command: "user:set", input: { email: "a@b.c", "email-verified": "true", role: "admin" } }]);
  });

  it("hands a switch on only when typed: user:create --no-age-confirmation", async () => {
    const { ran } = await cli(["user:create", "--email", "a@b.c", "--no-age-confirmation"]);
    expect(ran).toEqual([{ command: "user:create", input: { email: "a@b.c", "no-age-confirmation": "true" } }]);
    const { ran: plain } = await cli(["user:create", "--email", "a@b.c"]);
    expect(plain).toEqual([{ command: "user:create", input: { email: "a@b.c" } }]);
  });

  it("exits non-zero when the command found a problem (audit breaches), still printing its result", async () => {
    const { status, out } = await cli(["audit"], { ok: false, breaches: [{}] });
    expect(status).toBe(1);
    expect(JSON.parse(out)).toEqual({ ok: false, breaches: [{}] });
  });
});

describe("npm run admin: help", () => {
  it("--help, -h and help list every command on stdout and exit 0", async () => {
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const { status, out, err, ran } = await cli(argv);
      expect(status, argv.join(" ")).toBe(0);
      expect(err).toBe("");
      expect(ran).toEqual([]);
      expect(out).toMatch(/^Usage: npm run --silent admin -- <command>/);
      for (const name of adminCommandNames) expect(out).toContain(`  ${name}`);
    }
  });

  it("<command> --help, -h and help <command> show its flags, the required ones marked, and exit 0", async () => {
    for (const argv of [
      ["wallet:adjust", "--help"],
      ["wallet:adjust", "-h"],
      ["help", "wallet:adjust"],
    ]) {
      const { status, out, err, ran } = await cli(argv);
      expect(status, argv.join(" ")).toBe(0);
      expect(err).toBe("");
      expect(ran).toEqual([]);
      expect(out).toContain(
        "Usage: npm run --silent admin -- wallet:adjust --email <address> --direction <credit|debit> --amount <amount> --reason <text>",
      );
      expect(out).toMatch(/--direction <credit\|debit> +add or take away \(required\)/);
      expect(out).toContain("Prints { amount, balance }.");
    }
    const { out } = await cli(["user:create", "--help"]);
    expect(out).toContain(
      "Usage: npm run --silent admin -- user:create --email <address> [--balance <amount>] [--password <password>] [--name <name>]",
    );
  });
});

describe("npm run admin: mistakes", () => {
  it.each([
    [[], /^No command given\. Commands: user:create, .*, audit, log-key:rotate, backup, restore\. See --help\.$/],
    [["no:such-command"], /^unknown command 'no:such-command'/],
    [["user:creat"], /Did you mean user:create\?/],
    [["user:create", "--emial", "a@b.c"], /^unknown option '--emial'/],
    [["user:create", "--email"], /^option '--email <address>' argument missing/],
    [["user:create", "--email", "--name", "x"], /too many arguments/],
    [["user:set", "--email", "--role", "admin"], /^too many arguments/],
    [["user:set", "--role", "--email"], /^Flag --role needs a value\.$/],
    [["user:create", "a@b.c"], /^too many arguments for 'user:create'/],
    [["pack:import"], /^pack:import: --file: a pack file is required\.$/],
    [["pack:export", "--slug", "x", "--file="], /^pack:export: --file: a file name/],
  ])("%j: a JSON error on stderr, nothing on stdout, exit 1, nothing run", async (argv, message) => {
    const { status, out, err, ran } = await cli(argv);
    expect(status).toBe(1);
    expect(out).toBe("");
    expect(ran).toEqual([]);
    expect(JSON.parse(err).error).toMatch(message);
  });
});

describe("npm run admin: backup and restore", () => {
  it("take --file, named from where the CLI runs, and print what they did", async () => {
    for (const command of ["backup", "restore"]) {
      const { status, out, ran } = await cli([command, "--file", "some/backup.json"], { file: "x" });
      expect(status).toBe(0);
      expect(out).toBe('{"file":"x"}\n');
      expect(ran).toEqual([{ command, input: { file: path.resolve("some/backup.json") } }]);
    }
  });

  it("refuse to run without --file", async () => {
    for (const command of ["backup", "restore"]) {
      const { status, err, ran } = await cli([command]);
      expect(status).toBe(1);
      expect(JSON.parse(err).error).toMatch(/required option '--file <path>' not specified/);
      expect(ran).toEqual([]);
    }
  });
});

describe("npm run admin: pack files", () => {
  const pack = { slug: "file-pack", name: "From a file", items: [] };

  it("pack:import reads one pack or an array from the file, named from where the CLI runs", async () => {
    writeFileSync(path.join(dir, "one.json"), JSON.stringify(pack));
    writeFileSync(path.join(dir, "two.json"), JSON.stringify([pack, { ...pack, slug: "other" }]));
    const one = await cli(["pack:import", "--file", path.relative(process.cwd(), path.join(dir, "one.json"))]);
    expect(one.status).toBe(0);
    expect(one.ran).toEqual([{ command: "pack:import", input: { packs: [pack] } }]);
    const two = await cli(["pack:import", "--file", path.join(dir, "two.json")]);
    expect(two.ran).toEqual([{ command: "pack:import", input: { packs: [pack, { ...pack, slug: "other" }] } }]);
  });

  it("pack:import refuses a file that is not JSON, or is not there, before running anything", async () => {
    writeFileSync(path.join(dir, "broken.json"), "{ not json");
    const broken = await cli(["pack:import", "--file", path.join(dir, "broken.json")]);
    expect(broken.status).toBe(1);
    expect(JSON.parse(broken.err).error).toMatch(new RegExp(`^${path.join(dir, "broken.json")} is not JSON: `));
    const missing = await cli(["pack:import", "--file", path.join(dir, "missing.json")]);
    expect(JSON.parse(missing.err).error).toMatch(/ENOENT/);
    expect([...broken.ran, ...missing.ran]).toEqual([]);
  });

  it("pack:export prints the pack, or writes it to --file and prints { slug, file } with the full path", async () => {
    const printed = await cli(["pack:export", "--slug", "file-pack"], pack);
    expect(JSON.parse(printed.out)).toEqual(pack);
    expect(printed.ran).toEqual([{ command: "pack:export", input: { slug: "file-pack" } }]);

    const file = path.relative(process.cwd(), path.join(dir, "exported.json"));
    const written = await cli(["pack:export", "--slug", "file-pack", "--file", file], pack);
    expect(written.status).toBe(0);
    expect(JSON.parse(written.out)).toEqual({ slug: "file-pack", file: path.join(dir, "exported.json") });
    expect(written.ran).toEqual([{ command: "pack:export", input: { slug: "file-pack" } }]);
    expect(readFileSync(path.join(dir, "exported.json"), "utf8")).toBe(`${JSON.stringify(pack, null, 2)}\n`);
  });
});
