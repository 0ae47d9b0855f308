import { BattleView } from "../../../../components/battles/battle-view";
import { loadBattlePacks } from "../../../../lib/battle-packs";
import { services } from "../../../../lib/database";
import { findViewer } from "../../../../lib/server-api";
import { BattleTabs } from "../battle-tabs";

export const dynamic = "force-dynamic";
export const metadata = { title: "Pack battle" };

type Params = Promise<{ id: string }>;

export default async function BattlePage({ params }: { params: Params }) {
  const { id } = await params;
  const [viewer, packs, opened] = await Promise.all([findViewer(), loadBattlePacks(), services()]);
  // The beacon's public description, for the browser's BLS check of a settled battle's round.
  const { kind, chain } = opened.beacon;
  return (
    <div className="stack battles-page">
      <BattleTabs current={null} />
      <BattleView id={id} packs={packs.byId} signedIn={viewer?.standing === "ok"} beacon={{ kind, ...chain }} />
    </div>
  );
}
