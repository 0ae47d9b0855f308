"use client";
import Link from "next/link";
import type { InventoryItem } from "@prizepacks/core";
import { LocalTime } from "../ui/local-time";
import { Money } from "../ui/money";
import { SellLabel } from "./sell-label";
import { shipItHref } from "./ship-it";

/** One won item; held items can be selected and sold, or shipped if they ship; sold ones show when they were sold. */
export function InventoryItemCard({
  item,
  selected,
  busy,
  onToggle,
  onSell,
}: {
  item: InventoryItem;
  selected: boolean;
  busy: boolean;
  onToggle: (id: string) => void;
  onSell: (id: string) => void;
}) {
  const held = item.status === "HELD";
  return (
    <li data-testid="inventory-item" className={`card inventory-item rarity-border-${item.rarity}${selected ? " is-selected" : ""}`}>
      {held && (
        <label className="inventory-item-select">
          <input type="checkbox" checked={selected} disabled={busy} onChange={() => onToggle(item.id)} />
          <span className="visually-hidden">Select {item.name}</span>
        </label>
      )}
      <div className="inventory-item-top">
        <img src={item.image} alt={item.name} width={72} height={72} loading="lazy" className="inventory-item-image" />
        <p className="inventory-item-meta">
          <Money amount={item.value} />
          <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span>
        </p>
      </div>
      <div className="inventory-item-body">
        <h2 className="inventory-item-name clamp-2">{item.name}</h2>
        <p className="muted small-text">
          {item.packName} · won <LocalTime iso={item.createdAt} />
          {item.soldAt && (
            <>
              {" "}
              · sold <LocalTime iso={item.soldAt} />
            </>
          )}
        </p>
        {held && !item.ships && <p className="muted small-text">Digital: it does not ship, sell it.</p>}
      </div>
      {held && (
        <div className="inventory-item-actions">
          <button type="button" className="button small" disabled={busy} onClick={() => onSell(item.id)}>
            <SellLabel name={item.name} amount={item.value} />
          </button>
          {item.ships && (
            <Link href={shipItHref([item.id])} className="button small ghost" aria-label={`Ship it: ${item.name}`}>
              Ship it
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
