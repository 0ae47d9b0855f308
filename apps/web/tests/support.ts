import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { demoCatalog } from "@prizepacks/db/seed";

export const baseUrl = inject("baseUrl");
export const dataDir = inject("dataDir");
export const demoApiKey = inject("demoApiKey");
// The admin client finds the running server's hand-off (embedded mode) through this.
process.env.PRIZEPACKS_DATA_DIR = dataDir;

const { runAdmin } = await import("@prizepacks/admin-cli");

export async function admin(command: string, flags: Record<string, string> = {}) {
  const outcome = await runAdmin(command, flags);
  return outcome.result as Record<string, any>;
}

export const uniqueEmail = (label = "bot") => `${label}-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`;

export interface Player {
  email: string;
  userId: string;
  apiKey: string;
}

export async function newPlayer(balance = "100.00"): Promise<Player> {
  const email = uniqueEmail();
  const created = await admin("user:create", { email, balance });
  return { email, userId: created.userId, apiKey: created.apiKey };
}

export type KeyHeader = "bearer" | "x-api-key";

export interface CallOptions {
  key?: string;
  via?: KeyHeader;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export async function call(pathname: string, { key, via = "bearer", method = "GET", headers = {}, body }: CallOptions = {}) {
  const h: Record<string, string> = { ...headers };
  if (key !== undefined) {
    if (via === "bearer") h.authorization = `Bearer ${key}`;
    else h["x-api-key"] = key;
  }
  const response = await fetch(`${baseUrl}${pathname}`, { method, headers: h, body });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${pathname} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, json };
}

const demoSlugs = new Set(demoCatalog.map((pack) => pack.slug));

/**
 * The demo catalog's packs in a list response. Other test suites share the database and add
 * packs of their own, so assertions about the catalog look only at these.
 */
export function demoPacksOf<T extends { slug: string }>(list: T[]): T[] {
  return list.filter((pack) => demoSlugs.has(pack.slug));
}

/** An active demo-catalog pack for tests that only read or open (never deactivated by tests). */
export async function somePack(key: string) {
  const { json } = await call("/v1/packs", { key });
  return demoPacksOf(json as Array<{ id: string; slug: string; price: string }>)[0]!;
}

export const families = ["packs", "boxes"] as const;

/**
 * The status of a call once a change made elsewhere (the admin CLI, another instance) has had
 * the second the contract gives it to take effect: polled, so a fast notification passes at once.
 */
export async function statusWithinOneSecond(pathname: string, options: CallOptions, expected: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const { status } = await call(pathname, options);
    if (status === expected || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}
