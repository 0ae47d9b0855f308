"use client";
import Link from "next/link";
import type { InventoryGroup } from "@prizepacks/core";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { Money } from "../ui/money";
import { SellLabel } from "./sell-label";
import { shipItHref } from "./ship-it";

/**
 * One held item with how many copies the account holds; sells one copy, or all of them up to one
 * sale's limit; ships one copy (more can be added on the way), if the item ships.
 */
export function InventoryGroupCard({
  group,
  maxPerSale,
  busy,
  onSell,
}: {
  group: InventoryGroup;
  maxPerSale: number;
  busy: boolean;
  onSell: (ids: string[]) => void;
}) {
  const sellable = group.inventoryItemIds.slice(0, maxPerSale);
  const capped = group.count > sellable.length;
  const sellableValue = centsToMoney(moneyToCents(group.value) * BigInt(sellable.length));
  return (
    <li data-testid="inventory-group" className={`card inventory-item inventory-group rarity-border-${group.rarity}`}>
      <div className="inventory-item-top">
        <img src={group.image} alt={group.name} width={72} height={72} loading="lazy" className="inventory-item-image" />
        <p className="inventory-item-meta">
          <span>
            <Money amount={group.value} /> each
          </span>
          <span className={`rarity rarity-${group.rarity}`}>{group.rarity}</span>
        </p>
      </div>
      <div className="inventory-item-body">
        <h2 className="inventory-item-name clamp-2">{group.name}</h2>
        <p className="inventory-item-meta">
          <span data-testid="inventory-group-count" className="num">
            × {group.count}
          </span>
          <span>
            Total <Money amount={group.totalValue} />
          </span>
        </p>
        <p className="muted small-text">{group.packName}</p>
        {!group.ships && <p className="muted small-text">Digital: it does not ship, sell it.</p>}
      </div>
      <div className="inventory-group-actions">
        {group.count > 1 && (
          <button type="button" className="button small ghost" disabled={busy} onClick={() => onSell(sellable.slice(0, 1))}>
            <SellLabel verb="Sell one" name={group.name} amount={group.value} />
          </button>
        )}
        <button type="button" className="button small" disabled={busy} onClick={() => onSell(sellable)}>
          <SellLabel verb={group.count === 1 ? "Sell" : `Sell all ${sellable.length}`} name={group.name} amount={sellableValue} />
        </button>
        {group.ships && (
          <Link href={shipItHref(group.inventoryItemIds.slice(0, 1))} className="button small ghost" aria-label={`Ship it: ${group.name}`}>
            Ship it
          </Link>
        )}
        {capped && <span className="hint small-text">At most {maxPerSale} per sale</span>}
      </div>
    </li>
  );
}
