/** Placeholder cards while a page of items loads. */
export function InventorySkeleton({ count = 4 }: { count?: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden">Loading items…</p>
      <ul className="inventory-list" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="card inventory-item">
            <div className="inventory-item-top">
              <div className="skeleton inventory-item-image" />
            </div>
            <div className="inventory-item-body stack">
              <div className="skeleton" style={{ width: "60%" }} />
              <div className="skeleton" style={{ width: "35%" }} />
              <div className="skeleton" style={{ width: "80%" }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
