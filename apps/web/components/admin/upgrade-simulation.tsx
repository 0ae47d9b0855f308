"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { UpgradeSimulationChart } from "./simulation-chart";

/**
 * The simulation tool for the upgrader: N upgrades at a stake and a target value, or at a
 * chance (the target is then the value that publishes it), with the edge and cap in force. The
 * server rolls them (admin.upgrades.simulate); the form stays disabled until hydrated
 * (`data-ready`), as the money settings' forms.
 */
export function UpgradeSimulation() {
  const id = useId();
  const ready = useHydrated();
  const [by, setBy] = useState<"target" | "chance">("target");
  const [stakeValue, setStakeValue] = useState("10.00");
  const [targetValue, setTargetValue] = useState("40.00");
  const [chance, setChance] = useState("25");
  const [draws, setDraws] = useState("100000");
  const simulate = useMutation({
    mutationFn: () =>
      trpc.admin.upgrades.simulate.mutate({
        stakeValue: stakeValue.trim(),
        ...(by === "target" ? { targetValue: targetValue.trim() } : { chance: chance.trim() }),
        draws: Number(draws.replace(/[,\s_]/g, "")),
      }),
  });
  const count = Number(draws.replace(/[,\s_]/g, ""));
  return (
    <section className="stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Simulate upgrades</h2>
      <p className="muted small-text">
        Rolls upgrades through upgrade/v1 on a fresh random seed pair with the edge and cap in force, and compares the realised win rate and
        edge with the published chance.
      </p>
      <form
        className="stack"
        data-ready={ready}
        aria-busy={simulate.isPending}
        data-testid="upgrade-simulation-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!simulate.isPending) simulate.mutate();
        }}
      >
        <fieldset className="contents" disabled={!ready}>
          <fieldset className="row admin-choice">
            <legend className="label">Simulate at</legend>
            {(["target", "chance"] as const).map((choice) => (
              <label key={choice} className="row">
                <input type="radio" name={`${id}-by`} value={choice} checked={by === choice} onChange={() => setBy(choice)} />
                {choice === "target" ? "a target value" : "a chance"}
              </label>
            ))}
          </fieldset>
          <div className="row">
            <Field
              id={`${id}-stake`}
              labelClassName="label"
              label="Stake ($)"
              inputMode="decimal"
              value={stakeValue}
              onValue={setStakeValue}
              required
            />
            {by === "target" ? (
              <Field
                id={`${id}-target`}
                labelClassName="label"
                label="Target ($)"
                inputMode="decimal"
                value={targetValue}
                onValue={setTargetValue}
                required
              />
            ) : (
              <Field
                id={`${id}-chance`}
                labelClassName="label"
                label="Chance (%)"
                inputMode="decimal"
                value={chance}
                onValue={setChance}
                required
              />
            )}
            <Field
              id={`${id}-draws`}
              labelClassName="label"
              label="Upgrades"
              inputMode="numeric"
              value={draws}
              onValue={setDraws}
              required
            />
          </div>
          <div className="row">
            <SubmitButton className="button ghost" busy={simulate.isPending} busyText="Simulating…">
              Simulate {Number.isInteger(count) && count > 0 ? count.toLocaleString("en-US") : ""} upgrades
            </SubmitButton>
          </div>
        </fieldset>
      </form>
      <ErrorAlert error={simulate.error} />
      {simulate.data && <UpgradeSimulationChart simulation={simulate.data} />}
    </section>
  );
}
