import { SettingsNav } from "../../../../components/settings-nav";
import { TwoFactorSettings } from "../../../../components/two-factor-settings";
import { requireViewer, serverApi } from "../../../../lib/server-api";

export const metadata = { title: "Security" };
export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  await requireViewer("/settings/security");
  const api = await serverApi();
  const { enabled } = await api.me.secondFactor.status();
  return (
    <div className="stack">
      <SettingsNav current="/settings/security" />
      <header className="page-header">
        <div>
          <h1>Security</h1>
          <p className="muted">How you prove it is you when you sign in, and before money leaves your account.</p>
        </div>
      </header>
      <TwoFactorSettings initialEnabled={enabled} />
    </div>
  );
}
