import path from "node:path";
import { Command, CommanderError, type Option } from "commander";
import { adminCommandInputs, adminCommandNames, type AdminCommand, type AdminInput, type AdminOutcome } from "@prizepacks/core/admin";
import { readPackFile, writePackFile } from "./pack-files.ts";

export const PROGRAM = "npm run --silent admin --";

interface FlagHelp {
  /** As typed, with its value: "--email <address>". */
  flag: string;
  description: string;
}

interface CommandHelp {
  summary: string;
  /** What it prints on success, when that is worth saying. */
  prints?: string;
  flags: FlagHelp[];
}

const email: FlagHelp = { flag: "--email <address>", description: "the account's e-mail" };
const slug: FlagHelp = { flag: "--slug <slug>", description: "the pack's slug" };

// What each command does and what its flags mean; which flags a command takes and needs, and
// every rule on their values, are the command's own (runAdminCommand in @prizepacks/core/admin).
export const commandHelp: Record<AdminCommand, CommandHelp> = {
  "user:create": {
    summary: "a verified account with that balance and an API key, its age confirmed on your word",
    prints: "{ userId, email, apiKey }",
    flags: [
      email,
      { flag: "--balance <amount>", description: "the starting balance, e.g. 100.00 (default 0.00)" },
      { flag: "--password <password>", description: "a password for the web sign-in, at least 8 characters" },
      { flag: "--name <name>", description: "the account's display name" },
      {
        flag: "--no-age-confirmation",
        description: "do not vouch for the player's age: they confirm a date of birth in the web app before opening a pack",
      },
    ],
  },
  "user:set": {
    summary: "the account's flags and role",
    flags: [
      email,
      { flag: "--banned <true|false>", description: "ban or unban" },
      { flag: "--deleted <true|false>", description: "delete or restore" },
      { flag: "--email-verified <true|false>", description: "mark the e-mail verified or not" },
      { flag: "--role <admin|player>", description: "grant or remove the operator console" },
      { flag: "--reason <text>", description: "why, 3 to 500 characters, kept in the admin log" },
    ],
  },
  "user:exclude": {
    summary: "a time-out or self-exclusion on the player's request, starting now; it cannot be shortened or lifted (logged)",
    prints: "{ kind, period, startsAt, endsAt, resumesAt }",
    flags: [
      email,
      {
        flag: "--period <24h|7d|30d|6w|6m|1y|5y|permanent>",
        description: "time-out: 24h, 7d, 30d, 6w; self-exclusion: 6m, 1y, 5y, permanent",
      },
    ],
  },
  "user:unexclude": {
    summary: "always refused: nobody ends a time-out or self-exclusion early (the attempt is logged)",
    flags: [email],
  },
  "age:clear": {
    summary: "clears a refused date of birth after your review: the e-mail's or account's next date is checked afresh (logged)",
    prints: "{ ageRefusalId }",
    flags: [email],
  },
  "key:create": {
    summary: "a new API key for the account",
    prints: "{ apiKeyId, apiKey }",
    flags: [email, { flag: "--name <name>", description: 'the key\'s name (default "cli")' }],
  },
  "key:revoke": {
    summary: "revokes an API key",
    prints: "{ revoked: true }",
    flags: [{ flag: "--key <key>", description: "the key itself, pp_live_…" }],
  },
  "wallet:credit": {
    summary: "an operator's credit to the account's wallet (an ADJUSTMENT entry, in the admin log: deposits are a payment provider's)",
    prints: "{ balance }",
    flags: [email, { flag: "--amount <amount>", description: "e.g. 25.00" }],
  },
  "wallet:adjust": {
    summary: "an ADJUSTMENT ledger entry with a reason; never below zero",
    prints: "{ amount, balance }",
    flags: [
      email,
      { flag: "--direction <credit|debit>", description: "add or take away" },
      { flag: "--amount <amount>", description: "e.g. 5.00" },
      { flag: "--reason <text>", description: "why, kept in the ledger and the admin log" },
    ],
  },
  "pack:set-active": {
    summary: "puts a pack on or off sale",
    prints: "{ slug, active }",
    flags: [slug, { flag: "--active <true|false>", description: "on sale or not" }],
  },
  "pack:archive": { summary: "takes a pack off sale for good", flags: [slug] },
  "pack:delete": { summary: "deletes a pack, only if it was never opened", flags: [slug] },
  "pack:import": {
    summary: "creates or updates the packs in a file and publishes their chances",
    prints: "{ imported: [{ slug, created, oddsVersion, oddsHash, versionCreated, rtpPercent }] }, by the console's rules",
    flags: [{ flag: "--file <path>", description: "one pack or an array of packs, as pack:export writes them" }],
  },
  "pack:export": {
    summary: "a pack in the format pack:import reads",
    prints: "the pack, or { slug, file } when written to --file",
    flags: [slug, { flag: "--file <path>", description: "write it here instead of printing it" }],
  },
  "settings:rtp-range": {
    summary: "the expected-return range a pack must be in to be published",
    flags: [
      { flag: "--min <percent>", description: "e.g. 80" },
      { flag: "--max <percent>", description: "e.g. 98" },
    ],
  },
  "rewards:level": {
    summary: "sets one level of the reward table (adds the next one)",
    prints: "{ levels: [{ level, threshold, rakebackBps, dailyPack }] }",
    flags: [
      { flag: "--level <N>", description: "0 to 100" },
      { flag: "--threshold <amount>", description: "wagered from which it applies, e.g. 100.00 (0.00 for level 0)" },
      { flag: "--rakeback-bps <N>", description: "rakeback in basis points of the expected house take, 0 to 5000" },
      { flag: "--daily-pack <slug|none>", description: "the daily case's pack at this level" },
    ],
  },
  "rewards:settings": {
    summary: "switches rewards on or off, sets the daily budget and the daily case's minimum wager",
    prints: "{ rakebackEnabled, dailyCaseEnabled, dailyBudget, dailyCaseMinWager }",
    flags: [
      { flag: "--rakeback <true|false>", description: "rakeback accrues and can be claimed" },
      { flag: "--daily-case <true|false>", description: "the daily case can be opened" },
      { flag: "--budget <amount>", description: "what rewards may cost in a UTC day" },
      { flag: "--daily-min-wager <amount>", description: "wagered in 7 days before the daily case opens" },
    ],
  },
  "affiliates:settings": {
    summary: "creator codes: the switch, the commission, the windows and the welcome reward",
    prints: "{ affiliateEnabled, commissionBps, commissionDays, referralEntryHours, welcomePack, welcomeOpenings }",
    flags: [
      { flag: "--enabled <true|false>", description: "codes can be created and entered, commission accrues and can be claimed" },
      { flag: "--commission-bps <N>", description: "the creator's commission in basis points of the expected house take, 0 to 5000" },
      { flag: "--commission-days <N>", description: "days from a referral during which it earns commission (new referrals)" },
      { flag: "--referral-hours <N>", description: "hours from sign-up during which a code may be entered" },
      { flag: "--welcome-pack <slug|none>", description: "the welcome reward's pack" },
      { flag: "--welcome-openings <N>", description: "free openings of it, 0 to 10" },
    ],
  },
  "promo:create": {
    summary: "creates a promo code: cash, or free openings of a pack (opened at redemption)",
    prints: "{ id, code, amount, pack, openings, maxRedemptions, redemptions, expiresAt, minLevel, requiresDeposit }",
    flags: [
      { flag: "--code <code>", description: "3 to 32 letters, digits or -; unique in any case" },
      { flag: "--amount <cash>", description: "cash credited, e.g. 5.00 (or --pack with --openings)" },
      { flag: "--pack <slug>", description: "the pack of the free openings" },
      { flag: "--openings <N>", description: "free openings of --pack, 1 to 10" },
      { flag: "--max-redemptions <N>", description: "redemptions in all, each account once" },
      { flag: "--expires <ISO date>", description: "no redemption after it" },
      { flag: "--min-level <N>", description: "only accounts at this level or above" },
      { flag: "--first-deposit <true|false>", description: "only accounts that made a deposit" },
    ],
  },
  audit: {
    summary: "checks every money and fairness invariant",
    prints: "{ ok, breaches, checked }; a non-zero exit on a breach",
    flags: [],
  },
  "log-key:rotate": {
    summary:
      "rotates the transparency log's key: the next head, signed by the old key, announces the new one (TRANSPARENCY_LOG_NEXT_KEY, or the data folder's, made now)",
    prints: "{ signer, nextPublicKey, announcedInHead } (announcedInHead null: the next head announces it)",
    flags: [],
  },
};

// Commands on the data folder rather than on the database's rows, run here whatever the database.
const dataFolderCommands = {
  backup: {
    summary: "a consistent copy of the embedded database and the data folder's secrets, server running or not",
    prints: "{ file, bytes, takenBy, secrets }",
    file: "the backup file to write (readable by you only: it holds secrets)",
  },
  restore: {
    summary: "puts a backup in place of the embedded database and secrets; the server must be stopped",
    prints: "{ restored, createdAt, previous } (previous: the replaced database, kept aside)",
    file: "a file written by backup",
  },
} as const;

/** The flags a command takes: its inputs, but the file pack:import reads in place of the packs. */
export function commandFlags(command: AdminCommand): Array<{ name: string; required: boolean }> {
  if (command === "pack:import") return [{ name: "file", required: true }];
  if (command === "pack:export") return [...adminCommandInputs[command], { name: "file", required: false }];
  return adminCommandInputs[command];
}

const flagName = (flag: string) => flag.split(" ")[0]!.slice(2);

export interface CliDeps {
  run: (command: string, input: AdminInput) => Promise<AdminOutcome>;
  /** The embedded database's backup and restore (backup.ts): files, not database commands. */
  backup: (file: string) => Promise<Record<string, unknown>>;
  restore: (file: string) => Promise<Record<string, unknown>>;
  out: (text: string) => void;
  err: (text: string) => void;
}

class UsageError extends Error {}

function adminProgram(deps: CliDeps, done: (outcome: AdminOutcome) => void): Command {
  const program = new Command()
    .name(PROGRAM)
    .description(
      "Operates prizepacks on the service's database: DATABASE_URL, or on the embedded default through the running server.\n" +
        'Prints one JSON object on stdout and exits 0; on failure {"error"} on stderr and a non-zero exit.',
    )
    .usage("<command> [--flag value]...")
    // Errors are printed as JSON by runCli; help goes to stdout.
    .configureOutput({ writeOut: deps.out, outputError: () => undefined })
    .exitOverride()
    .showSuggestionAfterError()
    .helpCommand("help [command]", "show the commands, or a command's flags");

  for (const name of adminCommandNames) {
    const flags = commandFlags(name);
    const required = new Set(flags.filter((flag) => flag.required).map((flag) => flag.name));
    const command = program.command(name).description(commandHelp[name].summary);
    for (const { flag, description } of commandHelp[name].flags) {
      command.option(flag, required.has(flagName(flag)) ? `${description} (required)` : description);
    }
    command.usage(commandHelp[name].flags.map(({ flag }) => (required.has(flagName(flag)) ? flag : `[${flag}]`)).join(" "));
    const prints = commandHelp[name].prints;
    if (prints) command.addHelpText("after", `\nPrints ${prints}.`);
    command.action(async (_options: unknown, self: Command) => done(await runCommand(deps, name, givenFlags(self))));
  }
  for (const [name, help] of Object.entries(dataFolderCommands)) {
    program
      .command(name)
      .description(help.summary)
      .requiredOption("--file <path>", `${help.file} (required)`)
      .usage("--file <path>")
      .addHelpText("after", `\nPrints ${help.prints}. On PostgreSQL (DATABASE_URL) it refuses: see docs/operations.md.`)
      .action(async (_options: unknown, self: Command) => {
        const { file } = givenFlags(self);
        if (!file) throw new UsageError(`${name}: --file: a file name is required.`);
        const run = name === "backup" ? deps.backup : deps.restore;
        done({ ok: true, result: await run(path.resolve(file)) });
      });
  }
  return program;
}

/** The flags given, by their names as typed ("email-verified", not commander's "emailVerified"). */
function givenFlags(command: Command): Record<string, string> {
  const flags: Record<string, string> = {};
  for (const option of command.options as Option[]) {
    if (!option.required && !option.optional) {
      // A switch (--no-age-confirmation): "true" when typed, else absent (commander's default is not an input).
      if (command.getOptionValueSource(option.attributeName()) === "cli") flags[option.long!.slice(2)] = "true";
      continue;
    }
    const value = command.getOptionValue(option.attributeName()) as string | undefined;
    if (value === undefined) continue;
    // "--email --role admin" would read "--role" as the e-mail: a value is never a flag.
    if (value.startsWith("--")) throw new UsageError(`Flag ${option.long} needs a value.`);
    flags[option.long!.slice(2)] = value;
  }
  return flags;
}

async function runCommand(deps: CliDeps, command: AdminCommand, flags: Record<string, string>): Promise<AdminOutcome> {
  // A file is named from where the CLI runs, and read or written here, not by a server it may hand the command to.
  if (command === "pack:import") {
    if (!flags.file) throw new UsageError("pack:import: --file: a pack file is required.");
    return deps.run(command, { packs: await readPackFile(path.resolve(flags.file)) });
  }
  if (command === "pack:export" && flags.file !== undefined) {
    const { file, ...rest } = flags;
    if (!file) throw new UsageError("pack:export: --file: a file name, or no --file to print the pack.");
    const outcome = await deps.run(command, rest);
    const target = path.resolve(file);
    await writePackFile(target, outcome.result);
    return { ok: true, result: { slug: rest.slug, file: target } };
  }
  return deps.run(command, flags);
}

/**
 * Runs the CLI on argv (without node and the script): prints the result or the help on
 * stdout, an error as {"error"} on stderr, and returns the exit code.
 */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  let outcome: AdminOutcome | undefined;
  try {
    if (argv.length === 0)
      throw new UsageError(
        `No command given. Commands: ${[...adminCommandNames, ...Object.keys(dataFolderCommands)].join(", ")}. See --help.`,
      );
    await adminProgram(deps, (given) => (outcome = given)).parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return 0; // help
    const message = error instanceof CommanderError ? error.message.replace(/^error: /, "") : (error as Error).message;
    deps.err(`${JSON.stringify({ error: message })}\n`);
    return 1;
  }
  if (!outcome) return 0;
  deps.out(`${JSON.stringify(outcome.result)}\n`);
  return outcome.ok ? 0 : 1;
}
