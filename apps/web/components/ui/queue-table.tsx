import Link from "next/link";
import type { ReactNode } from "react";
import { consoleTime } from "../../lib/console-time";

export interface QueueColumn<Row> {
  header: ReactNode;
  /** A number column: header and cells aligned as numbers. */
  numeric?: boolean;
  /** The cells' class (a number column's is "num"). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/**
 * One of the console's queues as a table in its keyboard-scrollable box: a header per column,
 * a row per entry; `empty` is said instead when there is none.
 */
export function QueueTable<Row extends { id: string }>({
  testId,
  rows,
  columns,
  rowTestId,
  empty,
}: {
  testId?: string;
  rows: readonly Row[];
  columns: readonly QueueColumn<Row>[];
  rowTestId?: string;
  empty?: ReactNode;
}) {
  if (rows.length === 0 && empty !== undefined) return <p className="muted">{empty}</p>;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} className={column.numeric ? "num" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId}>
              {columns.map((column, index) => (
                <td key={index} className={column.numeric ? "num" : column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column of when each entry was made, in the console's time. */
export function timeColumn<Key extends string>(header: string, key: Key): QueueColumn<Record<Key, string>> {
  return { header, className: "small-text", cell: (row) => consoleTime(row[key]) };
}

/** A column of each entry's account: its e-mail, linked to its page. */
export function accountColumn(header = "Account"): QueueColumn<{ userId: string; email: string }> {
  return { header, cell: (row) => <Link href={`/admin/accounts/${encodeURIComponent(row.userId)}`}>{row.email}</Link> };
}
