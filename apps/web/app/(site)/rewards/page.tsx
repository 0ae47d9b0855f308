import { PageHeader } from "../../../components/ui/page-header";
import { CreatorPanel, ReferralPanel } from "../../../components/rewards/affiliate-panels";
import { RewardsPanel } from "../../../components/rewards/rewards-panel";
import { requireViewer } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Rewards" };

export default async function RewardsPage() {
  await requireViewer("/rewards");
  return (
    <div className="stack rewards-page">
      <PageHeader title="Rewards">
        Your level rises with every wager; rakeback pays back part of the house&apos;s expected take, and the daily case is one free opening
        a day. Rewards are cash or free openings with no wagering requirement, and none is offered while a break or a limit is in place.
      </PageHeader>
      <RewardsPanel />
      <ReferralPanel />
      <CreatorPanel />
    </div>
  );
}
