import Link from "next/link";
import type { BestPull, PackSummary } from "@prizepacks/core";
import { LiveBestPull } from "./live-pack-stats";
import { Money } from "../ui/money";
import { TopItemEntry } from "./pack-stat-entries";

/** One pack of the catalogue; the whole card is clickable through the heading's link. */
export function PackCard({ pack, bestPull }: { pack: PackSummary; bestPull: BestPull | null }) {
  return (
    <article className={`card pack-card theme-${pack.rarityTheme}`} data-testid="pack-card">
      <img className="pack-card-image" src={pack.image} alt="" width={256} height={256} loading="lazy" />
      <div className="pack-card-body">
        <p className="pack-card-category small-text">{pack.category}</p>
        <h2 className="pack-card-title">
          <Link href={`/packs/${pack.slug}`} className="pack-card-link">
            {pack.name}
          </Link>
        </h2>
        <dl className="pack-card-stats">
          <div>
            <dt>Price</dt>
            <dd>
              <Money amount={pack.price} />
            </dd>
          </div>
          <TopItemEntry pack={pack} />
          <div className="pack-card-best">
            <dt>Best pull, 24 h</dt>
            <dd>
              <LiveBestPull packId={pack.id} initial={bestPull} />
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
