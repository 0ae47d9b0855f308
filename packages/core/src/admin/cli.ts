import { runAdmin } from "./run-admin.ts";

// npm run --silent admin -- <command> [--flag value]...
// One JSON object on stdout and exit 0; on failure {"error"} on stderr and a non-zero exit.

function parseArgs(argv: string[]): { command: string; flags: Record<string, string> } {
  const [command = "", ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) throw new Error(`Unexpected argument "${arg}"; flags look like --name value.`);
    const eq = arg.indexOf("=");
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`Flag ${arg} needs a value.`);
    flags[arg.slice(2)] = value;
    i++;
  }
  return { command, flags };
}

async function main(): Promise<number> {
  try {
    const { command, flags } = parseArgs(process.argv.slice(2));
    const outcome = await runAdmin(command, flags);
    process.stdout.write(`${JSON.stringify(outcome.result)}\n`);
    return outcome.ok ? 0 : 1;
  } catch (error) {
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
    return 1;
  }
}

process.exitCode = await main();
