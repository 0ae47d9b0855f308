import { destinationUsableAfterHours, usableAfterText } from "@prizepacks/core";
import { PayoutDestinationsManager } from "../../../../components/settings/payout-destinations-manager";
import { SettingsNav } from "../../../../components/settings/settings-nav";
import { requireViewer, serverApi } from "../../../../lib/server-api";
import { PageHeader } from "../../../../components/ui/page-header";

export const metadata = { title: "Payout destinations" };
export const dynamic = "force-dynamic";

export default async function PayoutDestinationsPage() {
  await requireViewer("/settings/payouts");
  const destinations = await (await serverApi()).payoutDestinations.list();
  const usableAfter = usableAfterText(destinationUsableAfterHours());
  return (
    <div className="stack">
      <SettingsNav current="/settings/payouts" />
      <PageHeader title="Payout destinations">
        Where withdrawals are paid. Adding one needs your two-factor code and the link we mail you; it can be used {usableAfter}.
      </PageHeader>
      <PayoutDestinationsManager initial={destinations} usableAfter={usableAfterText(destinationUsableAfterHours(), "that")} />
    </div>
  );
}
