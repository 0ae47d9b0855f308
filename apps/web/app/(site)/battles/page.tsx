import { BattleLobby } from "../../../components/battles/battle-lobby";
import { loadBattlePacks } from "../../../lib/battle-packs";
import { findViewer } from "../../../lib/server-api";
import { BattleTabs } from "./battle-tabs";
import { PageHeader } from "../../../components/ui/page-header";

export const dynamic = "force-dynamic";
export const metadata = { title: "Pack battles" };

export default async function BattlesPage() {
  const [viewer, packs] = await Promise.all([findViewer(), loadBattlePacks()]);
  return (
    <div className="stack battles-page">
      <PageHeader title="Pack battles">
        Two to six seats open the same packs round by round; the best total takes every item. Each battle is settled by a public randomness
        beacon and can be checked in your browser.
      </PageHeader>
      <BattleTabs current="/battles" />
      <BattleLobby packs={packs.byId} signedIn={viewer?.standing === "ok"} />
    </div>
  );
}
