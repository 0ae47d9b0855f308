export default function Loading() {
  return (
    <div className="stack" aria-busy="true">
      <h1>Provable fairness</h1>
      <div className="grid-2">
        <div className="skeleton fairness-skeleton" />
        <div className="skeleton fairness-skeleton" />
      </div>
    </div>
  );
}
