"use client";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import type { ReactElement } from "react";

type Day = RouterOutputs["admin"]["reports"]["get"]["byDay"][number];
type Hour = RouterOutputs["admin"]["reports"]["hourly"]["buckets"][number];

const AXIS_TICK = { fill: "#9aa3b2", fontSize: 11 };
const TOOLTIP_STYLE = { background: "#161a22", border: "1px solid #2a2f3a" };
const moneyTick = (value: number) => displayMoney(value).replace(/\.00$/, "");
const moneyTooltip = (value: unknown) => (typeof value === "number" ? displayMoney(value) : String(value));
const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

/** What both money charts draw besides their series: grid, money axis, tooltip and legend. */
const moneyFrame = () => [
  <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#2a2f3a" />,
  <YAxis key="y" tick={AXIS_TICK} tickFormatter={moneyTick} width={64} />,
  <Tooltip key="tooltip" contentStyle={TOOLTIP_STYLE} formatter={moneyTooltip} />,
  <Legend key="legend" verticalAlign="top" />,
];

/** A chart's box: an image to assistive technology, described by `label`. */
function ChartBox({ label, height, children }: { label: string; height: number; children: ReactElement }) {
  return (
    <div className="admin-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Revenue against value paid out per day. */
export function ReportChart({ days }: { days: Day[] }) {
  if (days.length === 0) return <p className="empty muted">No openings in this range.</p>;
  const data = days.map((day) => ({
    day: day.day,
    revenue: Number(day.revenue),
    paidOut: Number(day.valueWon),
    soldBack: Number(day.soldValue),
  }));
  return (
    <ChartBox label="Revenue and value paid out per day" height={280}>
      <LineChart data={data} margin={MARGIN}>
        <XAxis dataKey="day" tick={AXIS_TICK} />
        {moneyFrame()}
        <Line type="monotone" dataKey="revenue" name="revenue" stroke="#7c9cff" dot={false} />
        <Line type="monotone" dataKey="paidOut" name="value paid out" stroke="#34d399" dot={false} />
        <Line type="monotone" dataKey="soldBack" name="sold back" stroke="#fbbf24" dot={false} />
      </LineChart>
    </ChartBox>
  );
}

/** Revenue and value paid out per UTC hour, every hour of the range shown (zeros included). */
export function HourlyChart({ hours }: { hours: Hour[] }) {
  const data = hours.map((hour) => ({
    hour: hours.length > 24 ? `${hour.hour.slice(5, 10)} ${hour.hour.slice(11, 13)}h` : `${hour.hour.slice(11, 13)}h`,
    revenue: Number(hour.revenue),
    paidOut: Number(hour.valueWon),
  }));
  return (
    <ChartBox label="Revenue and value paid out per hour" height={260}>
      <BarChart data={data} margin={MARGIN}>
        <XAxis dataKey="hour" tick={AXIS_TICK} minTickGap={12} />
        {moneyFrame()}
        <Bar dataKey="revenue" name="revenue" fill="#7c9cff" />
        <Bar dataKey="paidOut" name="value paid out" fill="#34d399" />
      </BarChart>
    </ChartBox>
  );
}

type UpgradeDay = RouterOutputs["admin"]["reports"]["upgrades"]["upgrades"]["byDay"][number];

/** The upgrader per day: value staked against value won (target values of the wins). */
export function UpgradeReportChart({ days }: { days: UpgradeDay[] }) {
  if (days.length === 0) return <p className="empty muted">No upgrades in this range.</p>;
  const data = days.map((day) => ({ day: day.day, staked: Number(day.stakeValue), won: Number(day.wonValue) }));
  return (
    <ChartBox label="Value staked and value won in upgrades per day" height={260}>
      <BarChart data={data} margin={MARGIN}>
        <XAxis dataKey="day" tick={AXIS_TICK} minTickGap={12} />
        {moneyFrame()}
        <Bar dataKey="staked" name="staked" fill="#7c9cff" />
        <Bar dataKey="won" name="won" fill="#34d399" />
      </BarChart>
    </ChartBox>
  );
}
