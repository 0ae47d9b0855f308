"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../error-alert";
import { LocalTime } from "../local-time";

type Version = RouterOutputs["admin"]["packs"]["get"]["versions"][number];

/** A pack's odds versions, newest first, and what changed between any two. */
export function OddsVersions({ slug, versions }: { slug: string; versions: Version[] }) {
  const [from, setFrom] = useState(versions[1]?.version ?? versions[0]?.version ?? 1);
  const [to, setTo] = useState(versions[0]?.version ?? 1);
  // A read, but run on demand like the console's other actions (busy, error).
  const compare = useMutation({ mutationFn: (range: { from: number; to: number }) => trpc.admin.packs.diff.query({ slug, ...range }) });
  const diff = compare.data;
  return (
    <section className="card stack" aria-labelledby="versions-heading">
      <h2 id="versions-heading">Odds versions</h2>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>Version</th>
              <th>Published</th>
              <th>Odds hash</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version} data-testid={`odds-version-${version.version}`}>
                <td>
                  v{version.version} {version.current && <span className="muted small-text">current</span>}
                </td>
                <td>
                  <LocalTime iso={version.createdAt} />
                </td>
                <td>
                  <code className="small-text break">{version.oddsHash}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {versions.length > 1 && (
        <div className="row">
          <VersionSelect label="From" versions={versions} value={from} onChange={setFrom} />
          <VersionSelect label="to" versions={versions} value={to} onChange={setTo} />
          <button type="button" className="button ghost small" disabled={compare.isPending} onClick={() => compare.mutate({ from, to })}>
            Compare
          </button>
        </div>
      )}
      <ErrorAlert error={compare.error} />
      {diff && (
        <div className="table-wrap" tabIndex={0} data-testid="odds-diff">
          <table>
            <thead>
              <tr>
                <th>Item</th>
                <th className="num">Value</th>
                <th className="num">v{diff.from.version}</th>
                <th className="num">v{diff.to.version}</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              {diff.rows.map((row) => (
                <tr key={row.key}>
                  <td>{row.name}</td>
                  <td className="num">{row.value}</td>
                  <td className="num">{row.fromChance === null ? "–" : `${row.fromChance}%`}</td>
                  <td className="num">{row.toChance === null ? "–" : `${row.toChance}%`}</td>
                  <td>{row.change}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One end of the comparison: any published version. */
function VersionSelect({
  label,
  versions,
  value,
  onChange,
}: {
  label: string;
  versions: Version[];
  value: number;
  onChange: (version: number) => void;
}) {
  return (
    <label>
      {label}{" "}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version}
          </option>
        ))}
      </select>
    </label>
  );
}
