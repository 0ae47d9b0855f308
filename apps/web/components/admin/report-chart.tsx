"use client";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@prizepacks/api";

type Day = RouterOutputs["admin"]["reports"]["get"]["byDay"][number];

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
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
          <XAxis dataKey="day" tick={{ fill: "#9aa3b2", fontSize: 11 }} />
          <YAxis tick={{ fill: "#9aa3b2", fontSize: 11 }} />
          <Tooltip contentStyle={{ background: "#161a22", border: "1px solid #2a2f3a" }} />
          <Legend verticalAlign="top" />
          <Line type="monotone" dataKey="revenue" name="revenue" stroke="#7c9cff" dot={false} />
          <Line type="monotone" dataKey="paidOut" name="value paid out" stroke="#34d399" dot={false} />
          <Line type="monotone" dataKey="soldBack" name="sold back" stroke="#fbbf24" dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
