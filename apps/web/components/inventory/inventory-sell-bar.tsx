"use client";
import { useEffect, useRef } from "react";
import { displayMoney } from "@prizepacks/core/contract";

/** "Select all", "Sell selected (N) for X" and "Exchange selected", kept in view at the bottom while scrolling. */
export function InventorySellBar({
  selectedCount,
  selectableCount,
  selectedValue,
  maxPerSale,
  busy,
  onSelectAll,
  onSellSelected,
  onExchangeSelected,
}: {
  selectedCount: number;
  selectableCount: number;
  selectedValue: string;
  maxPerSale: number;
  busy: boolean;
  onSelectAll: (select: boolean) => void;
  onSellSelected: () => void;
  /** Opens the exchange of the selected items (#38). */
  onExchangeSelected?: () => void;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  const allSelected = selectableCount > 0 && selectedCount === selectableCount;
  const someSelected = selectedCount > 0 && !allSelected;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = someSelected;
  }, [someSelected]);
  const tooMany = selectedCount > maxPerSale;

  return (
    <div className="inventory-sellbar">
      <label className="inventory-select-all">
        <input
          ref={allRef}
          type="checkbox"
          checked={allSelected}
          disabled={busy || selectableCount === 0}
          onChange={() => onSelectAll(!allSelected)}
        />
        Select all
      </label>
      {busy && (
        <span className="muted small-text row">
          <span className="spinner" aria-hidden="true" /> Selling…
        </span>
      )}
      {tooMany && <span className="hint">Sell at most {maxPerSale} items at a time.</span>}
      <button type="button" className="button" disabled={busy || selectedCount === 0 || tooMany} onClick={onSellSelected}>
        Sell selected ({selectedCount}) for {displayMoney(selectedValue)}
      </button>
      {onExchangeSelected && (
        <button type="button" className="button ghost" disabled={busy || selectedCount === 0} onClick={onExchangeSelected}>
          Exchange selected
        </button>
      )}
    </div>
  );
}
