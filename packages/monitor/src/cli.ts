import path from "node:path";
import { runMonitor } from "./monitor.ts";

const usage = "usage: prizepacks-monitor <base URL> [--state <folder>]   (state defaults to ./.prizepacks-monitor/<host>)";

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const stateAt = args.indexOf("--state");
  const stateFlag = stateAt >= 0 ? args.splice(stateAt, 2)[1] : undefined;
  const [baseUrl] = args;
  if (!baseUrl || !/^https?:\/\//.test(baseUrl) || args.length !== 1) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const stateDir = stateFlag ?? path.join(".prizepacks-monitor", new URL(baseUrl).host.replace(/[^\w.-]/g, "_"));
  const report = await runMonitor({ baseUrl, stateDir, log: (line) => process.stderr.write(`${line}\n`) });
  if (report.ok)
    process.stdout.write(
      `ok: ${report.treeSize} leaves (${report.newLeaves} new), ${report.heads} signed heads, every one consistent; ` +
        `${report.verified} re-verified from their revealed seed, ${report.pending} waiting for theirs\n`,
    );
  else process.stderr.write(`${report.problems.length} problem(s) in the log at ${baseUrl}\n`);
  return report.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
