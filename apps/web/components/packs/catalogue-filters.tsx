import Link from "next/link";
import { categoryLabel, packSorts, type CatalogueQuery } from "../../lib/pack-catalogue";

function href(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", query.category);
  if (query.sort !== "price-asc") params.set("sort", query.sort);
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

/**
 * Filters as chips: each is a link to its view, so a tap applies at once (a client-side
 * navigation, no reload), works without JavaScript, and every view is a shareable URL.
 */
export function CatalogueFilters({ categories, query }: { categories: string[]; query: CatalogueQuery }) {
  return (
    <div className="catalogue-filters">
      <nav aria-label="Category" className="chips">
        {[null, ...categories].map((category) => (
          <Link
            key={category ?? "all"}
            href={href({ ...query, category })}
            className={`chip${query.category === category ? " is-selected" : ""}`}
            aria-current={query.category === category ? "page" : undefined}
            scroll={false}
          >
            {category ? categoryLabel(category) : "All"}
          </Link>
        ))}
      </nav>
      <nav aria-label="Sort" className="chips">
        {packSorts.map((option) => (
          <Link
            key={option.value}
            href={href({ ...query, sort: option.value })}
            className={`chip${query.sort === option.value ? " is-selected" : ""}`}
            aria-current={query.sort === option.value ? "page" : undefined}
            scroll={false}
          >
            {option.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
