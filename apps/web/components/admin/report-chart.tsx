"use client";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";

type Day = RouterOutputs["admin"]["reports"]["get"]["byDay"][number];
type Hour = RouterOutputs["admin"]["reports"]["hourly"]["buckets"][number];

const AXIS_TICK = { fill: "#9aa3b2", fontSize: 11 };
const TOOLTIP_STYLE = { background: "#161a22", border: "1px solid #2a2f3a" };
const moneyTick = (value: number) => displayMoney(value).replace(/\.00$/, "");
const moneyTooltip = (value: unknown) => (typeof value === "number" ? displayMoney(value) : String(value));

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
    <div className="admin-chart" role="img" aria-label="Revenue and value paid out per day">
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
          <XAxis dataKey="day" tick={AXIS_TICK} />
          <YAxis tick={AXIS_TICK} tickFormatter={moneyTick} width={64} />
          <Tooltip contentStyle={TOOLTIP_STYLE} formatter={moneyTooltip} />
          <Legend verticalAlign="top" />
          <Line type="monotone" dataKey="revenue" name="revenue" stroke="#7c9cff" dot={false} />
          <Line type="monotone" dataKey="paidOut" name="value paid out" stroke="#34d399" dot={false} />
          <Line type="monotone" dataKey="soldBack" name="sold back" stroke="#fbbf24" dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
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
    <div className="admin-chart" role="img" aria-label="Revenue and value paid out per hour">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
          <XAxis dataKey="hour" tick={AXIS_TICK} minTickGap={12} />
          <YAxis tick={AXIS_TICK} tickFormatter={moneyTick} width={64} />
          <Tooltip contentStyle={TOOLTIP_STYLE} formatter={moneyTooltip} />
          <Legend verticalAlign="top" />
          <Bar dataKey="revenue" name="revenue" fill="#7c9cff" />
          <Bar dataKey="paidOut" name="value paid out" fill="#34d399" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
