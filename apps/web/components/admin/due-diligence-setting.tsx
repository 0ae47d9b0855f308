"use client";
import { trpc } from "../../lib/trpc";
import { MoneySettingForm } from "./money-setting-form";

/** The due-diligence threshold: deposits over 30 days past it need a verified identity. A raise waits for another admin. */
export function DueDiligenceSetting({ current }: { current: string }) {
  return (
    <MoneySettingForm
      label="Check identity past, in 30 days of deposits ($)"
      current={current}
      save={(dueDiligenceDeposits, requestKey) => trpc.admin.verification.setSettings.mutate({ dueDiligenceDeposits, requestKey })}
      appliedText={(value) => `Saved: deposits past $${value} in 30 days now need a verified identity.`}
    />
  );
}
