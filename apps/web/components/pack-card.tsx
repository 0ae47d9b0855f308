import Link from "next/link";
import type { PackSummary } from "@prizepacks/core";
import { PackStatEntries } from "./pack-stat-entries";

/** One pack of the catalogue; the whole card is clickable through the heading's link. */
export function PackCard({ pack }: { pack: PackSummary }) {
  return (
    <article className="card pack-card" data-testid="pack-card">
      <img className="pack-card-image" src={pack.image} alt={`${pack.name} pack`} width={256} height={256} loading="lazy" />
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
            <dd className="money">{pack.price}</dd>
          </div>
          <PackStatEntries pack={pack} />
        </dl>
      </div>
    </article>
  );
}
