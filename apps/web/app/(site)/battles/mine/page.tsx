import { BattleHistory } from "../../../../components/battles/battle-history";
import { loadBattlePacks } from "../../../../lib/battle-packs";
import { requireViewer } from "../../../../lib/server-api";
import { BattleTabs } from "../battle-tabs";

export const dynamic = "force-dynamic";
export const metadata = { title: "My battles" };

export default async function MyBattlesPage() {
  await requireViewer("/battles/mine");
  const packs = await loadBattlePacks();
  return (
    <div className="stack battles-page">
      <header className="page-header">
        <h1>My battles</h1>
      </header>
      <BattleTabs current="/battles/mine" />
      <BattleHistory packs={packs.byId} />
    </div>
  );
}
