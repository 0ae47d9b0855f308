/** Placeholder rows while the list loads. */
export function ApiKeyTableSkeleton() {
  return (
    <div className="stack" aria-busy="true" aria-label="Loading your API keys">
      {[0, 1, 2].map((row) => (
        <div key={row} className="skeleton apikeys-skeleton-row" />
      ))}
    </div>
  );
}
