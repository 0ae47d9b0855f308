"use client";

/** The "Load more" button under a cursor-paginated list; hidden once the last page is loaded. */
export function LoadMoreButton({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="button ghost" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading && <span className="spinner" aria-hidden="true" />}
        Load more
      </button>
    </div>
  );
}
