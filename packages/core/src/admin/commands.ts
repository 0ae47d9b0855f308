import type { Db } from "@prizepacks/db";
import { z } from "zod";
import { setPackActive } from "../catalog/set-pack-active.ts";
import { auditInvariants } from "../audit/audit.ts";
import { AppError } from "../errors.ts";
import { createApiKey, revokeApiKey } from "../keys/api-keys.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { createUser, getUserByEmailOrThrow, setUserFlags } from "../users/users.ts";
import { creditWallet } from "../wallet/wallet.ts";

export type AdminFlags = Record<string, string>;

const bool = z.enum(["true", "false"]).transform((value) => value === "true");
const money = z.string().transform((value, ctx) => {
  try {
    return parseMoney(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});
const email = z.string().email();

const commands = {
  "user:create": {
    flags: z.object({ email, balance: money.optional(), password: z.string().min(8).optional(), name: z.string().optional() }),
    run: async (db: Db, f: { email: string; balance?: ReturnType<typeof parseMoney>; password?: string; name?: string }) => {
      const user = await createUser(db, { email: f.email, balance: f.balance, password: f.password, name: f.name });
      return { userId: user.userId, email: user.email, apiKey: user.apiKey };
    },
  },
  "user:set": {
    flags: z.object({ email, banned: bool.optional(), deleted: bool.optional(), "email-verified": bool.optional() }),
    run: (db: Db, f: { email: string; banned?: boolean; deleted?: boolean; "email-verified"?: boolean }) =>
      setUserFlags(db, f.email, { banned: f.banned, deleted: f.deleted, emailVerified: f["email-verified"] }),
  },
  "key:create": {
    flags: z.object({ email, name: z.string().min(1).max(64).default("cli") }),
    run: async (db: Db, f: { email: string; name: string }) => {
      const user = await getUserByEmailOrThrow(db, f.email);
      const key = await createApiKey(db, { userId: user.id, name: f.name });
      return { apiKeyId: key.apiKeyId, apiKey: key.apiKey };
    },
  },
  "key:revoke": {
    flags: z.object({ key: z.string().min(1) }),
    run: (db: Db, f: { key: string }) => revokeApiKey(db, { apiKey: f.key }),
  },
  "wallet:credit": {
    flags: z.object({ email, amount: money }),
    run: async (db: Db, f: { email: string; amount: ReturnType<typeof parseMoney> }) => {
      const user = await getUserByEmailOrThrow(db, f.email);
      const balance = await creditWallet(db, { userId: user.id, amount: f.amount, kind: "DEPOSIT", note: "admin credit" });
      return { balance: formatMoney(balance) };
    },
  },
  "pack:set-active": {
    flags: z.object({ slug: z.string().min(1), active: bool }),
    run: (db: Db, f: { slug: string; active: boolean }) => setPackActive(db, f),
  },
  audit: {
    flags: z.object({}),
    run: (db: Db) => auditInvariants(db),
  },
} as const;

export type AdminCommand = keyof typeof commands;
export const adminCommandNames = Object.keys(commands) as AdminCommand[];

export interface AdminOutcome {
  /** False when the command ran but found a problem (audit breaches): exit non-zero. */
  ok: boolean;
  result: Record<string, unknown>;
}

export async function runAdminCommand(db: Db, command: string, flags: AdminFlags): Promise<AdminOutcome> {
  const spec = commands[command as AdminCommand];
  if (!spec) throw new AppError("BAD_REQUEST", `Unknown command "${command}". Commands: ${adminCommandNames.join(", ")}.`);
  const parsed = spec.flags.strict().safeParse(flags);
  if (!parsed.success) {
    throw new AppError("BAD_REQUEST", `${command}: ${parsed.error.issues.map((i) => `--${i.path.join(".") || "?"}: ${i.message}`).join("; ")}`);
  }
  const result = (await (spec.run as (db: Db, flags: unknown) => Promise<Record<string, unknown>>)(db, parsed.data)) ?? {};
  return { ok: result.ok !== false, result };
}
