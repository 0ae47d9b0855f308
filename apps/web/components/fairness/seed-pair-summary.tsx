import type { RouterOutputs } from "@prizepacks/api";
import { ValueList } from "../ui/value-list";

export type FairnessState = RouterOutputs["fairness"]["get"];

/** The active seed pair as the player sees it before opening. */
export function SeedPairSummary({ seeds, refreshing }: { seeds: FairnessState; refreshing: boolean }) {
  return (
    <ValueList
      className="fairness-dl"
      busy={refreshing}
      values={[
        { term: "Active server seed hash", value: seeds.serverSeedHash, testId: "active-server-seed-hash" },
        { term: "Client seed", value: seeds.clientSeed, testId: "client-seed" },
        { term: "Next nonce", value: seeds.nonce, testId: "next-nonce", className: "mono num" },
        { term: "Next server seed hash", value: seeds.nextServerSeedHash, testId: "next-server-seed-hash" },
      ]}
    />
  );
}
