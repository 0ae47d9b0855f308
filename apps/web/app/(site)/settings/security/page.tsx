import { SettingsNav } from "../../../../components/settings/settings-nav";
import { TwoFactorSettings } from "../../../../components/settings/two-factor-settings";
import { requireViewer, serverApi } from "../../../../lib/server-api";
import { PageHeader } from "../../../../components/ui/page-header";

export const metadata = { title: "Security" };
export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  await requireViewer("/settings/security");
  const api = await serverApi();
  const { enabled } = await api.me.secondFactor.status();
  return (
    <div className="stack">
      <SettingsNav current="/settings/security" />
      <PageHeader title="Security">How you prove it is you when you sign in, and before money leaves your account.</PageHeader>
      <TwoFactorSettings initialEnabled={enabled} />
    </div>
  );
}
