"use client";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@prizepacks/api";

type Simulation = RouterOutputs["admin"]["packs"]["simulate"];

/** Net result per opening: how often each outcome came up in the simulation against its exact chance. */
export function SimulationChart({ simulation }: { simulation: Simulation }) {
  const data = simulation.outcomes.map((outcome) => ({
    label: `${outcome.net} (${outcome.name})`,
    simulated: Number(((outcome.drawn / simulation.draws) * 100).toFixed(3)),
    exact: Number(outcome.chance),
  }));
  const { exact, simulated } = simulation;
  return (
    <section className="stack admin-simulation" aria-labelledby="simulation-heading" data-testid="simulation">
      <h3 id="simulation-heading">Simulation: {simulation.draws.toLocaleString("en-US")} openings</h3>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th></th>
              <th className="num">Mean net per opening</th>
              <th className="num">Return</th>
              <th className="num">Chance of profit</th>
              <th className="num">1%</th>
              <th className="num">50%</th>
              <th className="num">99%</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Exact</th>
              <td className="num">{exact.expectedNet}</td>
              <td className="num" data-testid="exact-rtp">
                {exact.rtpPercent}%
              </td>
              <td className="num">{exact.profitPercent}%</td>
              <td className="num">{exact.p1}</td>
              <td className="num">{exact.p50}</td>
              <td className="num">{exact.p99}</td>
            </tr>
            <tr>
              <th scope="row">Simulated</th>
              <td className="num">{simulated.meanNet}</td>
              <td className="num" data-testid="simulated-rtp">
                {simulated.rtpPercent}%
              </td>
              <td className="num" data-testid="simulated-profit">
                {simulated.profitPercent}%
              </td>
              <td className="num">{simulated.p1}</td>
              <td className="num">{simulated.p50}</td>
              <td className="num">{simulated.p99}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="admin-chart" role="img" aria-label="Distribution of the net result per opening, simulated against exact">
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 48, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
            <XAxis dataKey="label" angle={-25} textAnchor="end" interval={0} tick={{ fill: "#9aa3b2", fontSize: 11 }} />
            <YAxis unit="%" tick={{ fill: "#9aa3b2", fontSize: 11 }} />
            <Tooltip contentStyle={{ background: "#161a22", border: "1px solid #2a2f3a" }} />
            <Legend verticalAlign="top" />
            <Bar dataKey="exact" name="exact chance" fill="#7c9cff" />
            <Bar dataKey="simulated" name="simulated share" fill="#34d399" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="muted small-text">
        Drawn with server seed <code>{simulation.serverSeed.slice(0, 16)}…</code> and client seed <code>{simulation.clientSeed}</code>,
        nonces 0 to {simulation.draws - 1}: net result = item value − price.
      </p>
    </section>
  );
}
