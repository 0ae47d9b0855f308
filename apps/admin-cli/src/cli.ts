// npm run --silent admin -- <command> [--flag value]...   (--help, <command> --help)
// One JSON object on stdout and exit 0; on failure {"error"} on stderr and a non-zero exit.
import { backupEmbedded, restoreEmbedded } from "./backup.ts";
import { runCli } from "./program.ts";
import { runAdmin } from "./run-admin.ts";

process.exitCode = await runCli(process.argv.slice(2), {
  run: runAdmin,
  backup: backupEmbedded,
  restore: restoreEmbedded,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
