"use client";
import Form from "next/form";
import type { ChangeEvent } from "react";
import { categoryLabel, packSorts, type CatalogueQuery } from "../lib/pack-catalogue";

/**
 * A plain GET form, so filtering works without JavaScript and every view is a shareable URL;
 * with JavaScript, next/form navigates client-side and a change applies at once.
 */
export function CatalogueFilters({ categories, query }: { categories: string[]; query: CatalogueQuery }) {
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  return (
    <Form action="/" className="catalogue-filters" aria-label="Filter and sort packs">
      <div className="field">
        <label htmlFor="catalogue-category">Category</label>
        <select id="catalogue-category" name="category" defaultValue={query.category ?? ""} onChange={applyNow}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="catalogue-sort">Sort by</label>
        <select id="catalogue-sort" name="sort" defaultValue={query.sort} onChange={applyNow}>
          {packSorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button ghost">
        Apply
      </button>
    </Form>
  );
}
