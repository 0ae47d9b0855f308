import { ConfirmPayoutDestination } from "../../../../../components/settings/payout-destinations-manager";
import { SettingsNav } from "../../../../../components/settings/settings-nav";
import { requireViewer } from "../../../../../lib/server-api";

export const metadata = { title: "Confirm payout destination" };
export const dynamic = "force-dynamic";

export default async function ConfirmPayoutDestinationPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  await requireViewer(`/settings/payouts/confirm?token=${encodeURIComponent(token)}`);
  return (
    <div className="stack">
      <SettingsNav current="/settings/payouts" />
      <h1>Payout destinations</h1>
      <ConfirmPayoutDestination token={token} />
    </div>
  );
}
