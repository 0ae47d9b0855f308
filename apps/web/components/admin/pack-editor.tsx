"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { cloneElement, useId, useMemo, useState } from "react";
import {
  checkPackDraft,
  chanceTextToTickets,
  freshItemKey,
  PackFileSchema,
  publishedItemIssues,
  ticketsToChanceText,
  packFileIssues,
  RARITIES,
  RARITY_THEMES,
  type DraftIssue,
  type PackFile,
  type PackFileInput,
  type PublishedItem,
  type RtpRange,
} from "@prizepacks/core/contract";
import type { RouterOutputs } from "@prizepacks/api";
import { itemArtPath, packArtIcons, packArtPath } from "@prizepacks/db/art";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { useHydrated } from "../ui/use-hydrated";
import { SimulationChart } from "./simulation-chart";

/** A pack file (PackFileSchema) as the form holds it: every field as text, category and theme free until one is chosen. */
type Draft = Omit<PackFile, "category" | "rarityTheme"> & { category: string; rarityTheme: string };

type Simulation = RouterOutputs["admin"]["packs"]["simulate"];

// Item art is an icon of the art set, drawn in the item's rarity ("/art/item/EPIC/trophy.svg");
// a hand-made picture path still works.
const ITEM_ART = /^\/art\/item\/[A-Z]+\/([a-z0-9-]+)\.svg$/;
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const iconOf = (image: string) => ITEM_ART.exec(image)?.[1] ?? null;
/** What the art field shows: the icon's name, or the path of a hand-made picture. */
const artField = (image: string) => iconOf(image) ?? image;
const imageFromArtField = (value: string, rarity: string) => (ICON_NAME.test(value.trim()) ? itemArtPath(value.trim(), rarity) : value);

const emptyItem = (art: string): Draft["items"][number] => ({
  key: "",
  name: "",
  rarity: "COMMON",
  value: "",
  image: art,
  chance: "",
  ships: true,
});

function toDraft(initial: PackFileInput | undefined, art: { packs: string[]; items: string[] }): Draft {
  if (!initial) {
    return {
      slug: "",
      name: "",
      description: "",
      image: art.packs[0] ?? "/images/packs/mini-gadget-grab.svg",
      price: "",
      category: "",
      rarityTheme: "SILVER",
      active: true,
      items: [emptyItem(art.items[0] ?? "/images/items/mini-gadget-grab/tech-sticker-sheet.svg")],
    };
  }
  return {
    slug: initial.slug,
    name: initial.name,
    description: initial.description ?? "",
    image: initial.image,
    price: String(initial.price),
    category: initial.category,
    rarityTheme: initial.rarityTheme,
    active: initial.active ?? true,
    items: initial.items.map((item) => ({ ...item, value: String(item.value), chance: String(item.chance), ships: item.ships ?? true })),
  };
}

/** The pack's draft with its live checks (the same rules the server applies), simulation and publish. */
export function PackEditor({
  initial,
  rtpRange,
  art,
  icons,
  publishedItems = [],
  onSale = false,
  previousRtp = null,
}: {
  initial?: PackFileInput;
  /** The pack's saved items: a draft item with one of their keys must keep its value and rarity. */
  publishedItems?: PublishedItem[];
  /** Whether players can open the pack now: publishing then needs an explicit confirmation. */
  onSale?: boolean;
  /** The current odds' expected return, for the preview. */
  previousRtp?: string | null;
  rtpRange: RtpRange;
  art: { packs: string[]; items: string[] };
  /** The art set's icon names. */
  icons: string[];
}) {
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial, art));
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const isNew = !initial;

  // The figures need only the price and the items; the other fields' problems are listed beside them.
  const live = useMemo(() => {
    const parsed = PackFileSchema.safeParse(draft);
    const fieldIssues = parsed.success ? [] : packFileIssues(parsed.error);
    const odds = PackFileSchema.pick({ price: true, items: true }).safeParse(draft);
    const check = odds.success ? checkPackDraft({ ...draft, ...odds.data }, rtpRange) : null;
    const keyIssues = odds.success ? publishedItemIssues(odds.data.items, publishedItems) : [];
    return { issues: [...fieldIssues, ...keyIssues, ...(check?.issues ?? [])], check, keyIssues };
  }, [draft, rtpRange, publishedItems]);
  const [previewing, setPreviewing] = useState(false);
  const [saleConfirmed, setSaleConfirmed] = useState(false);
  const ready = useHydrated();

  // The pack's art from its most valuable items' icons, when they all come from the art set.
  const itemIcons = draft.items.map((item) => ({ art: iconOf(item.image), value: item.value || "0" }));
  const packArtFromItems =
    (RARITY_THEMES as readonly string[]).includes(draft.rarityTheme) && itemIcons.every((item) => item.art)
      ? packArtPath(draft.rarityTheme, packArtIcons(itemIcons as Array<{ art: string; value: string }>))
      : null;
  const set = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSimulation(null);
    setPublished(null);
    setPreviewing(false);
    setSaleConfirmed(false);
  };
  const setItem = (index: number, patch: Partial<Draft["items"][number]>) =>
    set({ items: draft.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  const simulate = useMutation({
    mutationFn: (pack: Draft) => trpc.admin.packs.simulate.mutate(pack),
    onSuccess: (result) => setSimulation(result),
  });
  const publish = useMutation({
    mutationFn: (pack: Draft) => trpc.admin.packs.save.mutate(pack),
    onSuccess: (saved) => {
      setPreviewing(false);
      setSaleConfirmed(false);
      setPublished(
        saved.versionCreated
          ? `Published odds version ${saved.oddsVersion} (${saved.oddsHash}).`
          : `Saved. The odds are unchanged: version ${saved.oddsVersion} (${saved.oddsHash}).`,
      );
      if (isNew) router.push(`/admin/packs/${saved.slug}`);
      router.refresh();
    },
  });
  const busy = simulate.isPending || publish.isPending;

  const issuesAt = (path: string) => live.issues.filter((issue) => issue.path.join(".") === path);
  const rowOf = (index: number) => live.check?.rows[index];

  return (
    <section className="card stack pack-editor" aria-labelledby="pack-editor-heading" data-ready={ready}>
      <h2 id="pack-editor-heading">{isNew ? "Pack and chances" : "Edit and publish a new version"}</h2>
      <div className="admin-form-grid">
        <Field label="Name" issues={issuesAt("name")}>
          <input value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label="Slug" issues={issuesAt("slug")} hint={isNew ? "lower-case-with-hyphens; fixed once created" : "fixed"}>
          <input value={draft.slug} readOnly={!isNew} onChange={(e) => set({ slug: e.target.value })} />
        </Field>
        <Field label="Price" issues={issuesAt("price")}>
          <input inputMode="decimal" value={draft.price} onChange={(e) => set({ price: e.target.value })} />
        </Field>
        <Field label="Category" issues={issuesAt("category")} hint="e.g. TECH">
          <input value={draft.category} onChange={(e) => set({ category: e.target.value.toUpperCase() })} />
        </Field>
        <Field label="Theme" issues={issuesAt("rarityTheme")} hint="e.g. BRONZE, SILVER, GOLD">
          <input value={draft.rarityTheme} onChange={(e) => set({ rarityTheme: e.target.value.toUpperCase() })} />
        </Field>
        <Field label="Art" issues={issuesAt("image")} hint="drawn from the best items, or a picture path">
          <input value={draft.image} list="pack-art" onChange={(e) => set({ image: e.target.value })} />
        </Field>
        <div className="field art-picker">
          <img src={draft.image} alt="" width={40} height={40} />
          <button
            type="button"
            className="button ghost small"
            disabled={!packArtFromItems}
            onClick={() => packArtFromItems && set({ image: packArtFromItems })}
          >
            From best items
          </button>
        </div>
      </div>
      <Field label="Description" issues={issuesAt("description")}>
        <textarea rows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <datalist id="pack-art">
        {art.packs.map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
      <datalist id="item-art">
        {icons.map((icon) => (
          <option key={icon} value={icon} />
        ))}
      </datalist>

      <h3>Items and chances</h3>
      <div className="table-wrap" tabIndex={0}>
        <table className="admin-items">
          <thead>
            <tr>
              <th>#</th>
              <th>Key</th>
              <th>Name</th>
              <th>Rarity</th>
              <th>Value</th>
              <th>Art</th>
              <th>Chance %</th>
              <th>Tickets</th>
              <th title="Unticked: digital goods, sold back only">Ships</th>
              <th>
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.items.map((item, index) => {
              const n = index + 1;
              const row = rowOf(index);
              const rowIssues = live.issues.filter((issue) => issue.path[0] === "items" && issue.path[1] === index);
              const keyTaken = live.keyIssues.some((issue) => issue.path[1] === index);
              return (
                <tr key={index} className={rowIssues.length ? "admin-row-invalid" : undefined}>
                  <td className="num">{n}</td>
                  <td>
                    <input
                      aria-label={`Item ${n} key`}
                      value={item.key}
                      onChange={(e) => setItem(index, { key: e.target.value })}
                      size={12}
                    />
                    {keyTaken && (
                      <button
                        type="button"
                        className="button ghost small"
                        onClick={() =>
                          setItem(index, {
                            key: freshItemKey(item.key, [
                              ...draft.items.map((other) => other.key),
                              ...publishedItems.map((other) => other.key),
                            ]),
                          })
                        }
                      >
                        Use a new key
                      </button>
                    )}
                  </td>
                  <td>
                    <input
                      aria-label={`Item ${n} name`}
                      value={item.name}
                      onChange={(e) => setItem(index, { name: e.target.value })}
                      size={16}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Item ${n} rarity`}
                      value={item.rarity}
                      onChange={(e) => {
                        const rarity = e.target.value as Draft["items"][number]["rarity"];
                        const icon = iconOf(item.image);
                        setItem(index, { rarity, image: icon ? itemArtPath(icon, rarity) : item.image });
                      }}
                    >
                      {RARITIES.map((rarity) => (
                        <option key={rarity}>{rarity}</option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input
                      aria-label={`Item ${n} value`}
                      inputMode="decimal"
                      value={item.value}
                      onChange={(e) => setItem(index, { value: e.target.value })}
                      size={7}
                    />
                  </td>
                  <td>
                    <span className="art-picker">
                      <img src={item.image} alt="" width={28} height={28} />
                      <input
                        aria-label={`Item ${n} art`}
                        list="item-art"
                        value={artField(item.image)}
                        onChange={(e) => setItem(index, { image: imageFromArtField(e.target.value, item.rarity) })}
                        size={14}
                      />
                    </span>
                  </td>
                  <td>
                    <input
                      aria-label={`Item ${n} chance`}
                      inputMode="decimal"
                      value={item.chance}
                      onChange={(e) => setItem(index, { chance: e.target.value })}
                      size={7}
                    />
                  </td>
                  <td className="num small-text" data-testid={`item-${n}-tickets`}>
                    {row?.ticketFrom != null ? `${row.ticketFrom}–${row.ticketTo}` : row ? `${row.tickets}` : "–"}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Item ${n} ships`}
                      checked={item.ships}
                      onChange={(e) => setItem(index, { ships: e.target.checked })}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button ghost small"
                      aria-label={`Remove item ${n}`}
                      disabled={draft.items.length === 1}
                      onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="row">
        <button
          type="button"
          className="button ghost small"
          onClick={() => set({ items: [...draft.items, emptyItem(art.items[0] ?? draft.image)] })}
        >
          Add item
        </button>
      </div>

      <dl className="facts fact-cards admin-figures" aria-label="Live checks">
        <div>
          <dt>Chances sum</dt>
          <dd data-testid="chance-total">{live.check ? `${live.check.chanceTotal}%` : "–"}</dd>
        </div>
        <div>
          <dt>Expected value</dt>
          <dd data-testid="expected-value">{live.check?.expectedValue ?? "–"}</dd>
        </div>
        <div>
          <dt>Expected return (RTP)</dt>
          <dd data-testid="rtp">{live.check ? `${live.check.rtpPercent}%` : "–"}</dd>
        </div>
        <div>
          <dt>House edge</dt>
          <dd data-testid="house-edge">{live.check ? `${live.check.houseEdgePercent}%` : "–"}</dd>
        </div>
        <div>
          <dt>Publishable range</dt>
          <dd>
            {rtpRange.minPercent}%–{rtpRange.maxPercent}%
          </dd>
        </div>
      </dl>
      <IssueList issues={live.issues} />

      <div className="row">
        {/* Each button resets the other's mutation, so the one error shown is the latest. */}
        <button
          type="button"
          className="button ghost"
          onClick={() => {
            publish.reset();
            simulate.mutate(draft);
          }}
          disabled={busy || !live.check || live.issues.some((i) => i.path[0] === "items")}
        >
          {simulate.isPending ? "Simulating…" : "Simulate 100,000 openings"}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            simulate.reset();
            publish.reset();
            setPreviewing(true);
          }}
          disabled={busy || live.issues.length > 0 || previewing}
        >
          Publish…
        </button>
      </div>
      {previewing && live.check && (
        <PublishPreview
          before={initial?.items.map((item) => ({ key: item.key, chance: String(item.chance) })) ?? []}
          after={draft.items.map((item) => ({ key: item.key, name: item.name, chance: item.chance }))}
          rtpBefore={previousRtp}
          rtpAfter={live.check.rtpPercent}
          priceBefore={initial ? String(initial.price) : null}
          priceAfter={draft.price}
        >
          {onSale && (
            <label className="row small-text">
              <input type="checkbox" checked={saleConfirmed} onChange={(e) => setSaleConfirmed(e.target.checked)} />
              This pack is on sale: players open it with these chances as soon as it is published.
            </label>
          )}
          <div className="row">
            <button type="button" className="button" disabled={busy || (onSale && !saleConfirmed)} onClick={() => publish.mutate(draft)}>
              {publish.isPending ? "Publishing…" : "Confirm and publish"}
            </button>
            <button type="button" className="button ghost" disabled={busy} onClick={() => setPreviewing(false)}>
              Keep editing
            </button>
          </div>
        </PublishPreview>
      )}
      <ErrorAlert error={simulate.error ?? publish.error} />
      {published && (
        <p role="status" className="alert success">
          {published}
        </p>
      )}
      {simulation && <SimulationChart simulation={simulation} />}
    </section>
  );
}

function Field({
  label,
  issues,
  hint,
  children,
}: {
  label: string;
  issues: DraftIssue[];
  hint?: string;
  children: React.ReactElement<{ id?: string }>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id })}
      {hint && <span className="hint">{hint}</span>}
      {issues.map((issue, i) => (
        <span key={i} className="admin-issue">
          {issue.message}
        </span>
      ))}
    </div>
  );
}

function IssueList({ issues }: { issues: DraftIssue[] }) {
  if (issues.length === 0)
    return (
      <p className="alert success small-text" data-testid="draft-ok">
        All checks pass: ready to publish.
      </p>
    );
  return (
    <ul className="alert warn small-text admin-issues" data-testid="draft-issues">
      {issues.map((issue, i) => (
        <li key={i}>{issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message}</li>
      ))}
    </ul>
  );
}

/** The change between two percents of at most 3 decimals, exact ("+1.25", "−0.5", "±0"). */
function percentChange(before: string, after: string): string {
  const delta = chanceTextToTickets(after) - chanceTextToTickets(before);
  if (delta === 0) return "±0";
  return `${delta > 0 ? "+" : "−"}${ticketsToChanceText(Math.abs(delta))}`;
}

/** What publishing changes: each item's chance before and after, the return's and the price's. */
function PublishPreview({
  before,
  after,
  rtpBefore,
  rtpAfter,
  priceBefore,
  priceAfter,
  children,
}: {
  before: Array<{ key: string; chance: string }>;
  after: Array<{ key: string; name: string; chance: string }>;
  rtpBefore: string | null;
  rtpAfter: string;
  priceBefore: string | null;
  priceAfter: string;
  children: React.ReactNode;
}) {
  const previous = new Map(before.map((item) => [item.key, item.chance]));
  const removed = before.filter((item) => !after.some((next) => next.key === item.key));
  return (
    <section className="card stack admin-confirm" aria-labelledby="publish-preview-heading" data-testid="publish-preview">
      <h3 id="publish-preview-heading">Publish these odds?</h3>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>Item</th>
              <th className="num">Before %</th>
              <th className="num">After %</th>
              <th className="num">Change</th>
            </tr>
          </thead>
          <tbody>
            {after.map((item) => {
              const was = previous.get(item.key);
              return (
                <tr key={item.key}>
                  <td>
                    {item.name} <code className="small-text">{item.key}</code>
                  </td>
                  <td className="num">{was ?? "new"}</td>
                  <td className="num">{item.chance}</td>
                  <td className="num">{percentChange(was ?? "0", item.chance)}</td>
                </tr>
              );
            })}
            {removed.map((item) => (
              <tr key={item.key}>
                <td>
                  <code className="small-text">{item.key}</code> (left out)
                </td>
                <td className="num">{item.chance}</td>
                <td className="num">0</td>
                <td className="num">{percentChange(item.chance, "0")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="preview-rtp">
        Expected return: {rtpBefore ? `${rtpBefore}% → ` : ""}
        {rtpAfter}%{rtpBefore ? ` (${percentChange(rtpBefore, rtpAfter)} points)` : ""}
        {priceBefore && priceBefore !== priceAfter ? ` · price $${priceBefore} → $${priceAfter}` : ""}
      </p>
      {children}
    </section>
  );
}
