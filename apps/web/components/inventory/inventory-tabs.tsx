"use client";
import { useRef, type KeyboardEvent } from "react";

export type InventoryStatus = "HELD" | "SOLD";

const tabs: Array<{ status: InventoryStatus; label: string }> = [
  { status: "HELD", label: "Held" },
  { status: "SOLD", label: "Sold" },
];

export const inventoryPanelId = "inventory-panel";
export const inventoryTabId = (status: InventoryStatus) => `inventory-tab-${status}`;

/** Held / Sold tabs (WAI-ARIA tabs: arrow keys move between them, Tab moves into the panel). */
export function InventoryTabs({ status, onChange }: { status: InventoryStatus; onChange: (status: InventoryStatus) => void }) {
  const refs = useRef<Record<InventoryStatus, HTMLButtonElement | null>>({ HELD: null, SOLD: null });

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const target =
      step !== 0
        ? tabs[(index + step + tabs.length) % tabs.length]
        : event.key === "Home"
          ? tabs[0]
          : event.key === "End"
            ? tabs.at(-1)
            : undefined;
    if (!target) return;
    event.preventDefault();
    onChange(target.status);
    refs.current[target.status]?.focus();
  }

  return (
    <div role="tablist" aria-label="Items" className="inventory-tabs">
      {tabs.map((tab, index) => (
        <button
          key={tab.status}
          ref={(element) => {
            refs.current[tab.status] = element;
          }}
          type="button"
          role="tab"
          id={inventoryTabId(tab.status)}
          aria-selected={tab.status === status}
          aria-controls={inventoryPanelId}
          tabIndex={tab.status === status ? 0 : -1}
          className="inventory-tab"
          onClick={() => onChange(tab.status)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
