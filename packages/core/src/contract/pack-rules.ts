import { buildTicketRanges, TICKETS_TOTAL } from "@prizepacks/fairness";
import { z } from "zod";
import { PACK_CATEGORIES, RARITIES, RARITY_THEMES } from "./catalog-labels.ts";
import { centsToMoney, moneyToCents, ratioText } from "./money-cents.ts";

// The rules a pack must meet to be published, as plain functions on a pack file. Client-safe
// (zod, the isomorphic fairness package and this folder only; part of @prizepacks/core/contract): the
// console runs them live while an operator edits, and the server runs the same ones before it
// writes. Money is counted in integer cents and chances in integer tickets (chance × 1000), so
// every check here is exact.

export const MAX_PACK_ITEMS = 100;
/** The smallest chance: one ticket of 100,000. */
export const MIN_CHANCE_PERCENT = "0.001";
export const DEFAULT_RTP_RANGE = { minPercent: "80.00", maxPercent: "98.00" } as const;

export interface RtpRange {
  /** Percent of the price, two decimals at most ("80.00"). */
  minPercent: string;
  maxPercent: string;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes("\u0000") && value.isWellFormed(), "must not contain NUL characters or unpaired surrogates");
const slug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters, digits and single hyphens only");
// One of the labels the API documents as an enum: a pack under any other label could be saved but
// not served (its listing would fail the response schema).
const oneOf = <const T extends readonly [string, ...string[]]>(labels: T) =>
  z
    .string()
    .trim()
    .pipe(z.enum(labels, { error: `one of ${labels.join(", ")}` }));
const moneyText = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,12}(\.\d{1,2})?$/.test(value), "an amount with at most two decimals, e.g. 4.99")
  .transform((value) => centsToMoney(moneyToCents(value)));

/**
 * A picture: a path on this site, such as "/art/item/EPIC/trophy.svg". Pages put it in <img src>
 * and the API hands it to clients as relative to the site, so anything that would load from
 * elsewhere (https://host/…, //host/…) or not be a picture at all (javascript:, data:) is
 * refused, and so are ".." (which climbs out of the path) and backslashes (browsers read
 * "/\host" as "//host"). Commas: a pack drawn from several icons
 * ("/art/pack/GOLD/crown,gem-stone,trophy.svg"). The CHECK constraints of the site_path_images
 * migration hold the database to the same rule.
 */
const SITE_PATH = /^(\/[A-Za-z0-9_.,-]+)+$/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Why `image` is not a path on this site, or null if it is one. */
function sitePathProblem(image: string): string | null {
  const scheme = SCHEME.exec(image)?.[1];
  if (scheme) return `must be a path on this site such as /art/item/EPIC/trophy.svg, not a "${scheme}:" address`;
  if (image.startsWith("//")) return "must be a path on this site such as /art/item/EPIC/trophy.svg, not another site's address (//host/…)";
  if (image.includes("\\")) return "must not contain backslashes";
  if (image.includes("..")) return 'must not contain ".."';
  if (!image.startsWith("/")) return "must start with /, such as /art/item/EPIC/trophy.svg";
  if (!SITE_PATH.test(image)) return "must be letters, digits and _ . , - between single slashes, such as /art/item/EPIC/trophy.svg";
  return null;
}

const art = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .superRefine((image, ctx) => {
    const problem = sitePathProblem(image);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
const chance = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,3}(\.\d{1,3})?$/.test(value), "a percentage with at most 3 decimals, e.g. 0.04")
  .transform((value) => ticketsToChanceText(chanceTextToTickets(value)));

export const PackFileItemSchema = z.object({
  key: slug,
  name: text(80).pipe(z.string().min(1)),
  rarity: z.enum(RARITIES),
  value: moneyText,
  image: art,
  /** Percent, at most 3 decimals: the item wins on chance × 1000 of the 100,000 tickets. */
  chance,
  /** False for digital goods (or by the operator's choice): it can only be sold back, not shipped. */
  ships: z.boolean().default(true),
});

/**
 * What the console sends to save or simulate: any JSON object, its procedures' input. savePack and
 * simulatePack then apply PackFileSchema and the publishing rules, naming each problem.
 */
export const PackDraftSchema = z.record(z.string(), z.unknown());

/** A pack as it is written to and read from a file (pack:export / pack:import) and sent by the console. */
export const PackFileSchema = z.object({
  slug,
  name: text(80).pipe(z.string().min(1)),
  description: text(500).default(""),
  image: art,
  price: moneyText.refine((value) => moneyToCents(value) > 0n, "must be more than $0.00"),
  category: oneOf(PACK_CATEGORIES),
  rarityTheme: oneOf(RARITY_THEMES),
  active: z.boolean().default(true),
  items: z
    .array(PackFileItemSchema)
    .min(1)
    .max(MAX_PACK_ITEMS)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: `key "${item.key}" is used twice` });
        seen.add(item.key);
      });
    }),
});
export type PackFile = z.output<typeof PackFileSchema>;
export type PackFileInput = z.input<typeof PackFileSchema>;
export type PackFileItem = z.output<typeof PackFileItemSchema>;
export type PackFileItemInput = z.input<typeof PackFileItemSchema>;

/** "0.04" → 40 tickets. The text must already match the chance pattern. */
export function chanceTextToTickets(chance: string): number {
  const [whole = "0", fraction = ""] = chance.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
}

export function ticketsToChanceText(tickets: number): string {
  return `${Math.floor(tickets / 1000)}.${String(tickets % 1000).padStart(3, "0")}`.replace(/\.?0+$/, "") || "0";
}

export interface DraftIssue {
  path: (string | number)[];
  message: string;
}

export interface DraftRow {
  key: string;
  tickets: number;
  /** Null while the chances do not yet cover 1..100000 exactly. */
  ticketFrom: number | null;
  ticketTo: number | null;
}

export interface DraftCheck {
  ok: boolean;
  issues: DraftIssue[];
  rows: DraftRow[];
  /** Sum of the chances, percent with 3 decimals. */
  chanceTotal: string;
  /** Sum of value × chance: the average value of one opening (2 decimals, rounded). */
  expectedValue: string;
  /** Expected value as a percent of the price (3 decimals), and the house edge, 100 − RTP. */
  rtpPercent: string;
  houseEdgePercent: string;
  rtpRange: RtpRange;
}

/**
 * Every publishing rule over a parsed pack file: chances of at least one ticket each that sum to
 * exactly 100% (100,000 tickets), and an expected return inside the operator's range. Returns
 * the computed ticket ranges and figures even when a rule fails, for the console's live view.
 */
export function checkPackDraft(pack: Pick<PackFile, "price" | "items">, rtpRange: RtpRange): DraftCheck {
  const issues: DraftIssue[] = [];
  const tickets = pack.items.map((item) => chanceTextToTickets(item.chance));
  tickets.forEach((count, index) => {
    if (count < 1)
      issues.push({ path: ["items", index, "chance"], message: `must be at least ${MIN_CHANCE_PERCENT}% (one ticket of 100,000)` });
  });
  const total = tickets.reduce((sum, count) => sum + count, 0);
  if (total !== TICKETS_TOTAL) {
    issues.push({ path: ["items"], message: `chances sum to ${ticketsToChanceText(total)}%, they must sum to exactly 100%` });
  }

  let rows: DraftRow[] = pack.items.map((item, index) => ({ key: item.key, tickets: tickets[index]!, ticketFrom: null, ticketTo: null }));
  if (issues.length === 0) {
    const ranges = buildTicketRanges(pack.items.map((item, index) => ({ itemId: item.key, tickets: tickets[index]! })));
    rows = ranges.map((range, index) => ({
      key: range.itemId,
      tickets: tickets[index]!,
      ticketFrom: range.ticketFrom,
      ticketTo: range.ticketTo,
    }));
  }

  // Expected value in cents = Σ valueCents × tickets / 100000 (over the tickets actually given).
  const weighted = pack.items.reduce((sum, item, index) => sum + moneyToCents(item.value) * BigInt(tickets[index]!), 0n);
  const priceCents = moneyToCents(pack.price);
  const denominator = BigInt(Math.max(total, 1));
  const expectedValue = centsToMoney(BigInt(ratioText(weighted, denominator, 0)));
  // RTP % = weighted / (total × price) × 100; compared with the range exactly, in hundredths of a percent.
  const rtpPercent = priceCents > 0n ? ratioText(weighted * 100n, denominator * priceCents, 3) : "0.000";
  const houseEdgePercent =
    priceCents > 0n ? ratioText(denominator * priceCents * 100n - weighted * 100n, denominator * priceCents, 3) : "0.000";
  if (priceCents > 0n && total > 0) {
    const rtpTimes10000 = weighted * 10000n; // RTP in hundredths of a percent × denominator × price
    const min = moneyToCents(rtpRange.minPercent) * denominator * priceCents;
    const max = moneyToCents(rtpRange.maxPercent) * denominator * priceCents;
    if (rtpTimes10000 < min || rtpTimes10000 > max) {
      issues.push({
        path: ["price"],
        message: `expected return ${rtpPercent}% is outside the publishable range ${rtpRange.minPercent}%–${rtpRange.maxPercent}%`,
      });
    }
  }
  return {
    ok: issues.length === 0,
    issues,
    rows,
    chanceTotal: ticketsToChanceText(total),
    expectedValue,
    rtpPercent,
    houseEdgePercent,
    rtpRange,
  };
}

/** Zod's issues of a pack file as draft issues ("items.2.chance: …"). */
export function packFileIssues(error: z.ZodError): DraftIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== "symbol"),
    message: issue.message,
  }));
}

export function describeIssues(issues: readonly DraftIssue[]): string {
  return issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

/** An item the pack already has (every saved item is in a published odds version). */
export interface PublishedItem {
  key: string;
  value: string;
  rarity: string;
}

/**
 * Items are matched by key, and an item's value and rarity are part of what every odds version
 * it appears in promised: an item in the draft whose key is published must keep both. The
 * console shows this live (with freshItemKey as the fix); savePack refuses with the same issue.
 */
export function publishedItemIssues(
  items: ReadonlyArray<Pick<PackFileItem, "key" | "value" | "rarity">>,
  published: readonly PublishedItem[],
): DraftIssue[] {
  const byKey = new Map(published.map((item) => [item.key, item]));
  const issues: DraftIssue[] = [];
  items.forEach((item, index) => {
    const current = byKey.get(item.key);
    if (!current) return;
    if (moneyToCents(current.value) === moneyToCents(item.value) && current.rarity === item.rarity) return;
    issues.push({
      path: ["items", index, "value"],
      message: `item "${item.key}" is in published odds, so its value (${centsToMoney(moneyToCents(current.value))}) and rarity (${current.rarity}) cannot change; give the changed item a new key`,
    });
  });
  return issues;
}

/** "watch" → "watch-2" (or -3, …): the first key not taken by the draft or the pack's items. */
export function freshItemKey(key: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = key.replace(/-\d+$/, "") || "item";
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
