"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { displayMoney, type Rarity } from "@prizepacks/core/contract";
import { useDropFeed } from "../../lib/drop-feed";
import { useStoredChoice } from "../../lib/player-preferences";

const filters = [
  { value: "COMMON", label: "All drops" },
  { value: "RARE", label: "Rare and up" },
  { value: "EPIC", label: "Epic and up" },
  { value: "LEGENDARY", label: "Legendary only" },
] as const satisfies ReadonlyArray<{ value: Rarity; label: string }>;
const FILTER_VALUES = filters.map((filter) => filter.value);

const SHOWN = 12;
const AGE_REFRESH_MS = 15_000;

/** "now", "40s ago", "3 min ago", "2 h ago", "1 d ago": how long ago a drop landed, as of `now`. */
function dropAge(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 10) return "now";
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/** The clock the drops' ages are shown against, moved on every few seconds. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The latest openings by anyone, live, newest first. It sits under the header on screen but
 * after the page in the document (site-frame.tsx), so keyboard and screen-reader users reach the
 * content first. The rarity floor is the server's filter and is remembered in this browser.
 */
export function DropTicker() {
  const [minRarity, setMinRarity] = useStoredChoice<Rarity>("dropRarity", FILTER_VALUES, "COMMON");
  const { drops, live } = useDropFeed(minRarity);
  const now = useNow();
  const shown = drops.slice(0, SHOWN);
  return (
    <section className="drop-ticker" aria-labelledby="drop-ticker-title" data-testid="drop-ticker" data-live={live ? "true" : "false"}>
      <div className="drop-ticker-inner">
        <div className="drop-ticker-head">
          <h2 id="drop-ticker-title" className="drop-ticker-title">
            <span className={`live-dot${live ? " is-live" : ""}`} aria-hidden="true" /> Live drops
          </h2>
          <label className="visually-hidden" htmlFor="drop-ticker-filter">
            Show which drops
          </label>
          <select
            id="drop-ticker-filter"
            className="drop-ticker-filter"
            value={minRarity}
            onChange={(event) => setMinRarity(event.target.value as Rarity)}
          >
            {filters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <ol className="drop-ticker-list">
          {shown.length === 0 && (
            <li className="drop-ticker-empty muted small-text">
              {minRarity === "COMMON"
                ? "Openings by every player show up here as they happen."
                : "No drop of this rarity lately: they show up here as they happen."}
            </li>
          )}
          {shown.map((drop) => (
            <li key={drop.id} className={`drop rarity-border-${drop.item.rarity}`} data-testid="drop">
              <img src={drop.item.image} alt="" width={40} height={40} />
              <div className="drop-text">
                <span className="drop-item">{drop.item.name}</span>
                <span className="drop-meta">
                  <span className={`rarity rarity-${drop.item.rarity}`}>{drop.item.rarity}</span>{" "}
                  <span className="money">{displayMoney(drop.item.value)}</span>{" "}
                  <time className="muted" dateTime={drop.at} title={drop.at} data-testid="drop-age">
                    {dropAge(drop.at, now)}
                  </time>
                </span>
                <span className="drop-meta muted">
                  {drop.player}
                  {typeof drop.level === "number" && (
                    <span className="drop-level" data-testid="drop-level">
                      <span aria-hidden="true">Lv</span>
                      <span className="visually-hidden">level</span> {drop.level}
                    </span>
                  )}{" "}
                  ·{" "}
                  {drop.upgrade ? (
                    <Link href="/upgrader" data-testid="drop-upgrade">
                      upgraded ×{drop.upgrade.multiplier} at {drop.upgrade.chance} %
                    </Link>
                  ) : (
                    <Link href={`/packs/${drop.pack.slug}`}>{drop.pack.name}</Link>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
