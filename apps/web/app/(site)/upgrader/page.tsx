import Link from "next/link";
import { UpgraderPanel } from "../../../components/upgrader/upgrader-panel";
import { PageHeader } from "../../../components/ui/page-header";
import { requireViewer } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Upgrader" };

export default async function UpgraderPage() {
  await requireViewer("/upgrader");
  return (
    <div className="stack upgrader-page">
      <PageHeader title="Upgrader">
        Stake up to 10 of your items for a chance at one worth more. The chance, the expected value and the house edge are shown before you
        commit; every roll is <Link href="/fairness#upgrade-verifier">provably fair</Link>.
      </PageHeader>
      <UpgraderPanel />
    </div>
  );
}
