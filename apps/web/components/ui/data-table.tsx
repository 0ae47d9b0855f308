import type { ReactNode } from "react";

/**
 * A list as a table in its scroll box: a caption for screen readers, one header per column and,
 * with `actions`, a last column for the rows' buttons. `region` makes the scroll box a labelled
 * stop for the keyboard, for a table that may scroll sideways.
 */
export function DataTable({
  caption,
  columns,
  actions = false,
  region = false,
  className,
  children,
}: {
  caption: string;
  columns: string[];
  actions?: boolean;
  region?: boolean;
  className?: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" {...(region ? { tabIndex: 0, role: "region", "aria-label": caption } : {})}>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
