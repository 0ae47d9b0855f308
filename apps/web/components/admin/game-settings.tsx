"use client";
import type { GameSettings } from "@prizepacks/core";
import { GAME_SETTINGS } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { MoneySettingForm } from "./money-setting-form";

// The upgrader's edge and cap and the exchange's fee (#38): money settings, so what lets more
// value leave the house (and any change of the edge) waits for a second admin on Approvals.

/** Money settings are stored as decimals ("800.00"); these are whole numbers. */
const whole = (value: string) => value.replace(/\.0+$/, "");
const percentOfBps = (bps: string) => `${(Number(bps) / 100).toFixed(2)} %`;
const percentOfTickets = (tickets: string) => `${(Number(tickets) / 1000).toFixed(3)} %`;
const range = (column: keyof typeof GAME_SETTINGS) => `${GAME_SETTINGS[column].min}–${GAME_SETTINGS[column].max}`;

const FORMS = [
  {
    setting: "upgrade_edge_bps",
    column: "upgradeEdgeBps",
    label: `Upgrader house edge (basis points, ${range("upgradeEdgeBps")})`,
    applied: (value: string) => `Saved: upgrades now quote their chances with a ${percentOfBps(value)} edge.`,
    pending: (value: string) => `A change of the edge to ${whole(value)} basis points (${percentOfBps(value)})`,
  },
  {
    setting: "upgrade_cap_tickets",
    column: "upgradeCapTickets",
    label: `Upgrader highest chance (tickets of 100000, ${range("upgradeCapTickets")})`,
    applied: (value: string) => `Saved: no upgrade's chance now passes ${percentOfTickets(value)}.`,
    pending: (value: string) => `A raise of the cap to ${whole(value)} tickets (${percentOfTickets(value)})`,
  },
  {
    setting: "exchange_fee_bps",
    column: "exchangeFeeBps",
    label: `Exchange fee (basis points, ${range("exchangeFeeBps")})`,
    applied: (value: string) => `Saved: exchanges now keep a ${percentOfBps(value)} fee.`,
    pending: (value: string) => `A lowering of the fee to ${whole(value)} basis points (${percentOfBps(value)})`,
  },
] as const;

export function GameSettingsForms({ current }: { current: GameSettings }) {
  return (
    <section className="stack" aria-labelledby="game-settings-heading" data-testid="game-settings">
      <h2 id="game-settings-heading">Settings</h2>
      {FORMS.map((form) => (
        <MoneySettingForm
          key={form.setting}
          label={form.label}
          inputMode="numeric"
          current={String(current[form.column])}
          save={async (value, requestKey) => {
            // An empty field is not a zero fee.
            if (!/^\d+$/.test(value)) throw new Error(`${form.label.split(" (")[0]}: enter a whole number.`);
            return trpc.admin.games.setSetting.mutate({ setting: form.setting, value: Number(value), requestKey });
          }}
          appliedText={form.applied}
          pendingText={form.pending}
        />
      ))}
    </section>
  );
}
