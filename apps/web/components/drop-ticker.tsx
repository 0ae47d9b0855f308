"use client";
import Link from "next/link";
import { useState } from "react";
import { atLeastRarity, displayMoney, type Rarity } from "@prizepacks/core/shared";
import { useDropFeed } from "../lib/drop-feed";

const filters = [
  { value: "COMMON", label: "All drops" },
  { value: "RARE", label: "Rare and up" },
  { value: "EPIC", label: "Epic and up" },
  { value: "LEGENDARY", label: "Legendary only" },
] as const satisfies ReadonlyArray<{ value: Rarity; label: string }>;

/** The latest openings by anyone, live, newest first; on every page, under the header. */
export function DropTicker() {
  const { drops, live } = useDropFeed();
  const [minRarity, setMinRarity] = useState<Rarity>("COMMON");
  const shown = drops.filter((drop) => atLeastRarity(drop.item.rarity, minRarity)).slice(0, 12);
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
            <li className="drop-ticker-empty muted small-text">Openings by every player show up here as they happen.</li>
          )}
          {shown.map((drop) => (
            <li key={drop.id} className={`drop rarity-border-${drop.item.rarity}`} data-testid="drop">
              <img src={drop.item.image} alt="" width={40} height={40} />
              <div className="drop-text">
                <span className="drop-item">{drop.item.name}</span>
                <span className="drop-meta">
                  <span className={`rarity rarity-${drop.item.rarity}`}>{drop.item.rarity}</span>{" "}
                  <span className="money">{displayMoney(drop.item.value)}</span>
                </span>
                <span className="drop-meta muted">
                  {drop.player} · <Link href={`/packs/${drop.pack.slug}`}>{drop.pack.name}</Link>
                </span>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
