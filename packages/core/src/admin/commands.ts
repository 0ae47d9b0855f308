import type { Db } from "@prizepacks/db";
import { z } from "zod";
import { readFile, writeFile } from "node:fs/promises";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { setRtpRange } from "../catalog/catalog-settings.ts";
import { exportPack } from "../catalog/pack-admin.ts";
import { savePack } from "../catalog/save-pack.ts";
import { archivePack, deletePack, setPackActive } from "../catalog/set-pack-active.ts";
import { adjustBalance, ROLES } from "../users/account-admin.ts";
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
    flags: z.object({
      email,
      banned: bool.optional(),
      deleted: bool.optional(),
      "email-verified": bool.optional(),
      role: z.enum(ROLES).optional(),
      reason: z.string().min(3).max(500).optional(),
    }),
    run: (db: Db, f: { email: string; banned?: boolean; deleted?: boolean; "email-verified"?: boolean; role?: (typeof ROLES)[number]; reason?: string }) =>
      setUserFlags(db, f.email, { banned: f.banned, deleted: f.deleted, emailVerified: f["email-verified"], role: f.role, reason: f.reason }),
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
  "wallet:adjust": {
    flags: z.object({ email, direction: z.enum(["credit", "debit"]), amount: z.string(), reason: z.string() }),
    run: async (db: Db, f: { email: string; direction: "credit" | "debit"; amount: string; reason: string }) => {
      const user = await getUserByEmailOrThrow(db, f.email);
      return adjustBalance(db, CLI_ACTOR, { userId: user.id, direction: f.direction, amount: f.amount, reason: f.reason });
    },
  },
  "pack:set-active": {
    flags: z.object({ slug: z.string().min(1), active: bool }),
    run: (db: Db, f: { slug: string; active: boolean }) => setPackActive(db, f),
  },
  "pack:archive": {
    flags: z.object({ slug: z.string().min(1) }),
    run: (db: Db, f: { slug: string }) => archivePack(db, f),
  },
  "pack:delete": {
    flags: z.object({ slug: z.string().min(1) }),
    run: (db: Db, f: { slug: string }) => deletePack(db, f),
  },
  // A file holds one pack or an array of packs, in the format pack:export writes.
  "pack:import": {
    flags: z.object({ file: z.string().min(1) }),
    run: async (db: Db, f: { file: string }) => {
      const packs = parsePackFileText(await readFile(f.file, "utf8"), f.file);
      const saved = [];
      for (const [index, pack] of packs.entries()) {
        try {
          const result = await savePack(db, CLI_ACTOR, pack);
          saved.push({ slug: result.slug, created: result.created, oddsVersion: result.oddsVersion, oddsHash: result.oddsHash, versionCreated: result.versionCreated, rtpPercent: result.check.rtpPercent });
        } catch (error) {
          if (packs.length === 1 || !(error instanceof AppError)) throw error;
          throw new AppError(error.code, `pack ${index} (${String((pack as { slug?: unknown }).slug)}): ${error.message}`, error.details);
        }
      }
      return { imported: saved };
    },
  },
  "pack:export": {
    flags: z.object({ slug: z.string().min(1), file: z.string().min(1).optional() }),
    run: async (db: Db, f: { slug: string; file?: string }) => {
      const pack = await exportPack(db, f.slug);
      if (!f.file) return pack as unknown as Record<string, unknown>;
      await writeFile(f.file, `${JSON.stringify(pack, null, 2)}\n`);
      return { slug: f.slug, file: f.file };
    },
  },
  "settings:rtp-range": {
    flags: z.object({ min: z.string(), max: z.string() }),
    run: (db: Db, f: { min: string; max: string }) => setRtpRange(db, CLI_ACTOR, { minPercent: f.min, maxPercent: f.max }),
  },
  audit: {
    flags: z.object({}),
    run: (db: Db) => auditInvariants(db),
  },
} as const;

function parsePackFileText(text: string, file: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new AppError("BAD_REQUEST", `${file} is not JSON: ${(error as Error).message}`);
  }
  return Array.isArray(data) ? data : [data];
}

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
