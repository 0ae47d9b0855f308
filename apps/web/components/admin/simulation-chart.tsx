"use client";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";

type Simulation = RouterOutputs["admin"]["packs"]["simulate"];
type UpgradeSimulation = RouterOutputs["admin"]["upgrades"]["simulate"];

type Figures = { rtpPercent: string | number; profitPercent: string | number; p1: string; p50: string; p99: string };

/** One row of the simulation's figures: exact, or simulated. */
function FigureRow({
  label,
  net,
  figures,
  rtpTestId,
  profitTestId,
}: {
  label: string;
  net: string;
  figures: Figures;
  rtpTestId: string;
  profitTestId?: string;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{net}</td>
      <td className="num" data-testid={rtpTestId}>
        {figures.rtpPercent}%
      </td>
      <td className="num" data-testid={profitTestId}>
        {figures.profitPercent}%
      </td>
      <td className="num">{figures.p1}</td>
      <td className="num">{figures.p50}</td>
      <td className="num">{figures.p99}</td>
    </tr>
  );
}

/** Net result per opening: how often each outcome came up in the simulation against its exact chance. */
export function SimulationChart({ simulation }: { simulation: Simulation }) {
  // Horizontal bars, one row per outcome: the names read in full at any width, and a bar of a
  // 0.1 % legendary outcome next to a 90 % common one still shows (minPointSize).
  const data = simulation.outcomes.map((outcome) => ({
    label: `${outcome.name} (${displayMoney(outcome.net)})`,
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
              <th scope="col">
                <span className="visually-hidden">Figures</span>
              </th>
              <th className="num">Mean net per opening</th>
              <th className="num">Return</th>
              <th className="num">Chance of profit</th>
              <th className="num">1%</th>
              <th className="num">50%</th>
              <th className="num">99%</th>
            </tr>
          </thead>
          <tbody>
            <FigureRow label="Exact" net={exact.expectedNet} figures={exact} rtpTestId="exact-rtp" />
            <FigureRow
              label="Simulated"
              net={simulated.meanNet}
              figures={simulated}
              rtpTestId="simulated-rtp"
              profitTestId="simulated-profit"
            />
          </tbody>
        </table>
      </div>
      <div className="admin-chart" role="img" aria-label="Distribution of the net result per opening, simulated against exact">
        <ResponsiveContainer width="100%" height={Math.max(200, 64 + data.length * 44)}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }} barGap={2}>
            <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
            <XAxis type="number" unit="%" tick={{ fill: "#9aa3b2", fontSize: 11 }} />
            <YAxis type="category" dataKey="label" width={130} interval={0} tick={{ fill: "#9aa3b2", fontSize: 11 }} />
            <Tooltip contentStyle={{ background: "#161a22", border: "1px solid #2a2f3a" }} formatter={(value) => `${String(value)}%`} />
            <Legend verticalAlign="top" />
            <Bar dataKey="exact" name="exact chance" fill="#7c9cff" minPointSize={3} />
            <Bar dataKey="simulated" name="simulated share" fill="#34d399" minPointSize={3} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <PlayerBalance simulation={simulation} />
      <p className="muted small-text">
        Drawn with server seed <code>{simulation.serverSeed.slice(0, 16)}…</code> and client seed <code>{simulation.clientSeed}</code>,
        nonces 0 to {simulation.draws - 1}: net result = item value − price.
      </p>
    </section>
  );
}

/** One player's balance over the simulation's first openings, against the exact expectation. */
function PlayerBalance({ simulation }: { simulation: Simulation }) {
  const path = simulation.player.balanceChange;
  if (path.length === 0) return null;
  const expected = Number(simulation.exact.expectedNet);
  const data = path.map((balance, i) => ({ opening: i + 1, balance: Number(balance), expected: Number((expected * (i + 1)).toFixed(2)) }));
  const last = path[path.length - 1]!;
  return (
    <div className="stack" data-testid="simulation-player">
      <h4>
        One player&apos;s balance over {path.length} openings: {displayMoney(last)} at the end
      </h4>
      <div
        className="admin-chart"
        role="img"
        aria-label={`One player's balance change over ${path.length} openings, ending at ${displayMoney(last)}`}
      >
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
            <XAxis dataKey="opening" tick={{ fill: "#9aa3b2", fontSize: 11 }} />
            <YAxis
              tick={{ fill: "#9aa3b2", fontSize: 11 }}
              tickFormatter={(v: number) => displayMoney(v).replace(/\.00$/, "")}
              width={64}
            />
            <Tooltip
              contentStyle={{ background: "#161a22", border: "1px solid #2a2f3a" }}
              formatter={(value) => (typeof value === "number" ? displayMoney(value) : String(value))}
              labelFormatter={(label) => `after opening ${typeof label === "number" ? label : ""}`}
            />
            <Legend verticalAlign="top" />
            <ReferenceLine y={0} stroke="#9aa3b2" />
            <Line type="stepAfter" dataKey="balance" name="this player" stroke="#fbbf24" dot={false} isAnimationActive={false} />
            <Line
              type="linear"
              dataKey="expected"
              name="expected"
              stroke="#7c9cff"
              strokeDasharray="4 4"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className="muted small-text">
        The change from the starting balance after each of the first {path.length} draws above (nonces 0 to {path.length - 1}); the dashed
        line is the exact expectation, {displayMoney(simulation.exact.expectedNet)} per opening.
      </p>
    </div>
  );
}

/**
 * Simulated upgrades: the published chance against the realised win rate, the exact edge against
 * the realised one, and the running win rate settling on the chance.
 */
export function UpgradeSimulationChart({ simulation }: { simulation: UpgradeSimulation }) {
  const { exact, simulated } = simulation;
  const published = Number(simulation.chance);
  const rates = simulation.path.map((point) => point.winRatePercent);
  // The first points swing widely; the axis shows the chance ± 5 points (or what the path reaches).
  const low = Math.max(0, Math.floor(Math.min(published - 5, ...rates.slice(5))));
  const high = Math.min(100, Math.ceil(Math.max(published + 5, ...rates.slice(5))));
  return (
    <section className="stack admin-simulation" aria-labelledby="upgrade-simulation-heading" data-testid="upgrade-simulation">
      <h3 id="upgrade-simulation-heading">Simulation: {simulation.draws.toLocaleString("en-US")} upgrades</h3>
      <p className="small-text">
        Stake {displayMoney(simulation.stakeValue)} for a target of {displayMoney(simulation.targetValue)}, at the edge in force (
        {(simulation.edgeBps / 100).toFixed(2)}%) and the cap ({(simulation.capTickets / 1000).toFixed(3)}%).
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Simulated upgrades against the published chance">
        <table>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Figures</span>
              </th>
              <th className="num">Chance of winning</th>
              <th className="num">House edge</th>
              <th className="num">Wins</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Published</th>
              <td className="num" data-testid="upgrade-sim-chance">
                {simulation.chance}%
              </td>
              <td className="num" data-testid="upgrade-sim-exact-edge">
                {exact.edgePercent}%
              </td>
              <td className="num">–</td>
            </tr>
            <tr>
              <th scope="row">Simulated</th>
              <td className="num" data-testid="upgrade-sim-win-rate">
                {simulated.winRatePercent}%
              </td>
              <td className="num" data-testid="upgrade-sim-edge">
                {simulated.edgePercent}%
              </td>
              <td className="num">{simulated.wins.toLocaleString("en-US")}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div
        className="admin-chart"
        role="img"
        aria-label={`Running win rate over ${simulation.draws.toLocaleString("en-US")} upgrades, ending at ${simulated.winRatePercent}% against the published ${simulation.chance}%`}
      >
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={simulation.path} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3a" />
            <XAxis
              dataKey="draws"
              tick={{ fill: "#9aa3b2", fontSize: 11 }}
              tickFormatter={(v: number) => v.toLocaleString("en-US")}
              minTickGap={16}
            />
            <YAxis domain={[low, high]} unit="%" tick={{ fill: "#9aa3b2", fontSize: 11 }} width={56} allowDataOverflow />
            <Tooltip
              contentStyle={{ background: "#161a22", border: "1px solid #2a2f3a" }}
              formatter={(value) => `${String(value)}%`}
              labelFormatter={(label) => `after ${typeof label === "number" ? label.toLocaleString("en-US") : ""} upgrades`}
            />
            <Legend verticalAlign="top" />
            <ReferenceLine y={published} stroke="#7c9cff" strokeDasharray="4 4" />
            <Line type="linear" dataKey="winRatePercent" name="realised win rate" stroke="#34d399" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className="muted small-text">
        Rolled with upgrade/v1 itself on server seed <code>{simulation.serverSeed.slice(0, 16)}…</code> and client seed{" "}
        <code>{simulation.clientSeed}</code>, nonces 0 to {simulation.draws - 1}; the dashed line is the published chance. Expected value
        per upgrade {displayMoney(exact.expectedValue)}; the edge is 1 − chance × target ÷ stake, above the setting when the chance is
        rounded down to a ticket or held at the cap.
      </p>
    </section>
  );
}
