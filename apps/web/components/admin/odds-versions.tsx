"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { LocalTime } from "../ui/local-time";

type Version = RouterOutputs["admin"]["packs"]["get"]["versions"][number];
type Diff = RouterOutputs["admin"]["packs"]["diff"];

/** A signed figure with a real minus sign, as the publish preview shows it. */
const minus = (text: string) => text.replace(/^-/, "\u2212");
const direction = (delta: string) => (delta.startsWith("+") ? "diff-up" : delta.startsWith("-") ? "diff-down" : undefined);

/** Two versions side by side: the return's change, then each item's chance and its change in percentage points, sized. */
function OddsDiffView({ diff }: { diff: Diff }) {
  const largest = Math.max(...diff.rows.map((row) => Math.abs(Number(row.deltaPoints))), 0);
  const changed = diff.rows.filter((row) => row.change !== "same").length;
  return (
    <div className="stack" data-testid="odds-diff">
      <p data-testid="odds-diff-return">
        Return v{diff.from.version} {diff.from.rtpPercent}% → v{diff.to.version} {diff.to.rtpPercent}%:{" "}
        <strong className={direction(diff.rtpDeltaPoints)}>{minus(diff.rtpDeltaPoints)} points</strong>; expected value per opening{" "}
        {displayMoney(diff.from.expectedValue)} → {displayMoney(diff.to.expectedValue)} (
        <span className={direction(diff.expectedValueDelta)}>
          {diff.expectedValueDelta.startsWith("+") ? "+" : ""}
          {minus(displayMoney(diff.expectedValueDelta.replace(/^\+/, "")))}
        </span>
        ). <span className="muted small-text">Both at the current price, {displayMoney(diff.price)}.</span>{" "}
        {changed === 0 ? "No chance changed." : `${changed} of ${diff.rows.length} items changed.`}
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={`Chances, v${diff.from.version} against v${diff.to.version}`}>
        <table className="admin-diff">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                v{diff.from.version} → v{diff.to.version}
              </th>
              <th scope="col" className="num">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {diff.rows.map((row) => (
              <tr
                key={row.key}
                className={row.change === "same" ? undefined : `diff-row-${row.change}`}
                data-testid={`odds-diff-${row.key}`}
              >
                <td>
                  {row.name}
                  <div className="muted small-text">{displayMoney(row.value)}</div>
                </td>
                <td className="num">
                  {row.fromChance === null ? "–" : `${row.fromChance}%`} → {row.toChance === null ? "–" : `${row.toChance}%`}
                </td>
                <td className="num">
                  {row.change !== "same" && (
                    <span
                      className={`diff-bar ${row.deltaPoints.startsWith("-") ? "diff-bar-down" : "diff-bar-up"}`}
                      style={{
                        width: `${largest === 0 ? 0 : Math.max(4, Math.round((Math.abs(Number(row.deltaPoints)) / largest) * 48))}px`,
                      }}
                      aria-hidden="true"
                    />
                  )}
                  <span className={direction(row.deltaPoints)}>{row.change === "same" ? "same" : `${minus(row.deltaPoints)} pt`}</span>
                  {(row.change === "added" || row.change === "removed") && <div className="muted small-text">{row.change}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

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
      {diff && <OddsDiffView diff={diff} />}
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
