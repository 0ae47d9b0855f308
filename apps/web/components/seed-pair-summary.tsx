import type { RouterOutputs } from "@prizepacks/api";

export type FairnessState = RouterOutputs["fairness"]["get"];

/** The active seed pair as the player sees it before opening. */
export function SeedPairSummary({ seeds, refreshing }: { seeds: FairnessState; refreshing: boolean }) {
  return (
    <dl className="fairness-dl" aria-busy={refreshing}>
      <dt>Active server seed hash</dt>
      <dd className="mono break" data-testid="active-server-seed-hash">
        {seeds.serverSeedHash}
      </dd>
      <dt>Client seed</dt>
      <dd className="mono break" data-testid="client-seed">
        {seeds.clientSeed}
      </dd>
      <dt>Next nonce</dt>
      <dd className="mono num" data-testid="next-nonce">
        {seeds.nonce}
      </dd>
      <dt>Next server seed hash</dt>
      <dd className="mono break" data-testid="next-server-seed-hash">
        {seeds.nextServerSeedHash}
      </dd>
    </dl>
  );
}
