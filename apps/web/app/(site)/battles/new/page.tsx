import { BattleCreateForm } from "../../../../components/battles/battle-create-form";
import { loadBattlePacks } from "../../../../lib/battle-packs";
import { requireViewer } from "../../../../lib/server-api";
import { BattleTabs } from "../battle-tabs";
import { PageHeader } from "../../../../components/ui/page-header";

export const dynamic = "force-dynamic";
export const metadata = { title: "Create a battle" };

export default async function NewBattlePage() {
  await requireViewer("/battles/new");
  const packs = await loadBattlePacks();
  return (
    <div className="stack battles-page">
      <PageHeader title="Create a battle">
        Pick the packs opened round by round, the seats and how the winner is decided. Every seat pays the same entry.
      </PageHeader>
      <BattleTabs current="/battles/new" />
      <BattleCreateForm packs={packs.list} />
    </div>
  );
}
