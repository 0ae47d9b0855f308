"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BATTLE_LAYOUT_NAMES, BATTLE_WIN_RULES, type BattleLayout, type BattleWinRule } from "@prizepacks/fairness";
import { moneyToCents } from "@prizepacks/core/contract";
import { battleCalls } from "../../lib/battle-calls";
import { useBattleLobbyChanges } from "../../lib/battle-lobby-changes";
import { LAYOUT_LABELS, WIN_RULE_LABELS, type BattlePacksById, type BattleView } from "../../lib/battle-shapes";
import { BattleCard } from "./battle-card";
import { ErrorAlert } from "../ui/error-alert";
import { queryKeys } from "../../lib/trpc";

/** The lobby stream says when to ask again; this is the fallback while it is away. */
const REFRESH_MS = 30_000;
const JUST_SETTLED = 6;

interface LobbyFilters {
  layout: BattleLayout | "";
  winRule: BattleWinRule | "";
  entryMin: string;
  entryMax: string;
}

/** A typed bound in whole currency units or cents ("5", "12.50"), or null when empty or unreadable. */
function boundCents(text: string): bigint | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return moneyToCents(`${whole}.${fraction.padEnd(2, "0")}`);
}

function matches(battle: BattleView, filters: LobbyFilters): boolean {
  if (filters.layout && battle.layout !== filters.layout) return false;
  if (filters.winRule && battle.winRule !== filters.winRule) return false;
  const entry = moneyToCents(battle.entry);
  const min = boundCents(filters.entryMin);
  const max = boundCents(filters.entryMax);
  return (min === null || entry >= min) && (max === null || entry <= max);
}

/** The open battles, live, with filters; and the battles that just settled, with their winners. */
export function BattleLobby({ packs, signedIn }: { packs: BattlePacksById; signedIn: boolean }) {
  const id = useId();
  const [filters, setFilters] = useState<LobbyFilters>({ layout: "", winRule: "", entryMin: "", entryMax: "" });
  useBattleLobbyChanges(signedIn);
  const open = useQuery({
    queryKey: queryKeys.battles.list({ status: "open" }),
    queryFn: () => battleCalls.list("open"),
    refetchInterval: REFRESH_MS,
    enabled: signedIn,
  });
  const settled = useQuery({
    queryKey: queryKeys.battles.list({ status: "settled" }),
    queryFn: () => battleCalls.list("settled"),
    refetchInterval: REFRESH_MS,
    enabled: signedIn,
  });
  const shown = (open.data ?? []).filter((battle) => matches(battle, filters));
  const set = (change: Partial<LobbyFilters>) => setFilters((current) => ({ ...current, ...change }));
  // Battles are shown to players (the battles procedures take a session or a key).
  if (!signedIn)
    return (
      <div className="empty stack">
        <p>Sign in to see the open battles, join one or create your own.</p>
        <p>
          <Link className="button" href="/sign-in?next=%2Fbattles">
            Sign in
          </Link>
        </p>
      </div>
    );

  return (
    <div className="stack battle-lobby">
      <form className="battle-filters" aria-label="Filter open battles" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-layout`}>Layout</label>
          <select id={`${id}-layout`} value={filters.layout} onChange={(event) => set({ layout: event.target.value as BattleLayout | "" })}>
            <option value="">Any</option>
            {BATTLE_LAYOUT_NAMES.map((layout) => (
              <option key={layout} value={layout}>
                {LAYOUT_LABELS[layout]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-rule`}>Win rule</label>
          <select
            id={`${id}-rule`}
            value={filters.winRule}
            onChange={(event) => set({ winRule: event.target.value as BattleWinRule | "" })}
          >
            <option value="">Any</option>
            {BATTLE_WIN_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {WIN_RULE_LABELS[rule]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-min`}>Entry from</label>
          <input
            id={`${id}-min`}
            inputMode="decimal"
            placeholder="0.00"
            value={filters.entryMin}
            onChange={(event) => set({ entryMin: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-max`}>Entry up to</label>
          <input
            id={`${id}-max`}
            inputMode="decimal"
            placeholder="Any"
            value={filters.entryMax}
            onChange={(event) => set({ entryMax: event.target.value })}
          />
        </div>
      </form>

      <section className="stack" aria-labelledby={`${id}-open`}>
        <h2 id={`${id}-open`}>Open battles</h2>
        <ErrorAlert error={open.error} />
        {open.isPending ? (
          <p className="muted">Loading the open battles…</p>
        ) : shown.length === 0 ? (
          <p className="empty" data-testid="battles-empty">
            {open.data?.length ? "No open battle matches these filters." : "No open battle right now. Create one!"}
          </p>
        ) : (
          <ul className="battle-list" data-testid="open-battles">
            {shown.map((battle) => (
              <li key={battle.id}>
                <BattleCard battle={battle} packs={packs} signedIn={signedIn} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="stack" aria-labelledby={`${id}-settled`}>
        <h2 id={`${id}-settled`}>Just settled</h2>
        <ErrorAlert error={settled.error} />
        {settled.data && settled.data.length > 0 ? (
          <ul className="battle-list" data-testid="settled-battles">
            {settled.data.slice(0, JUST_SETTLED).map((battle) => (
              <li key={battle.id}>
                <BattleCard battle={battle} packs={packs} signedIn={signedIn} />
              </li>
            ))}
          </ul>
        ) : (
          !settled.isPending && <p className="muted small-text">No battle has settled yet.</p>
        )}
      </section>
    </div>
  );
}
