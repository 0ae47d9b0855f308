import Link from "next/link";
import { listActivePacks, listBestPulls } from "@prizepacks/core";
import { CatalogueFilters } from "../../components/packs/catalogue-filters";
import { PackCard } from "../../components/packs/pack-card";
import { WelcomeNotice } from "../../components/layout/welcome-notice";
import { DepositLimitLink } from "../../components/safer-play/deposit-limit-link";
import { services } from "../../lib/database";
import { categoryLabel, filterAndSortPacks, listCategories, parseCatalogueQuery } from "../../lib/pack-catalogue";

export const metadata = { title: "Packs" };

// Prices, popularity and the active set change with every opening and admin command.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function CataloguePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const query = parseCatalogueQuery(params);
  // The catalogue is public: read it directly, so signed-out visitors see it too.
  const [allPacks, bestPulls] = await Promise.all([listActivePacks(await services()), listBestPulls(await services())]);
  const packs = filterAndSortPacks(allPacks, query);
  const filtered = query.category !== null;

  return (
    <div className="stack catalogue">
      {params.welcome === "1" && <WelcomeNotice back="/" />}
      <section className="catalogue-hero" aria-labelledby="catalogue-title">
        <h1 id="catalogue-title">Open a prize pack</h1>
        <p className="muted">
          Every pack is provably fair: the server commits to its secret seed before you open, every item&apos;s odds are published, and you
          can check each draw yourself. <Link href="/fairness">How fairness works</Link>
        </p>
        <DepositLimitLink className="small-text catalogue-limit" />
      </section>

      <CatalogueFilters categories={listCategories(allPacks)} query={query} />

      <p className="muted small-text" role="status">
        {packs.length} {packs.length === 1 ? "pack" : "packs"}
        {filtered ? ` in ${categoryLabel(query.category ?? "")}` : ""}
      </p>

      {packs.length > 0 ? (
        <div className="grid catalogue-grid">
          {packs.map((pack) => (
            <PackCard key={pack.id} pack={pack} bestPull={bestPulls.get(pack.id) ?? null} />
          ))}
        </div>
      ) : (
        <div className="empty">
          <p>{filtered ? "No packs match this category." : "No packs are available right now. Check back soon."}</p>
          {filtered && (
            <Link href="/" className="button ghost">
              Show all packs
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
