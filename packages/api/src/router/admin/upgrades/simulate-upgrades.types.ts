import { UpgradeSimulationInputSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside simulateUpgrades.
export const simulateUpgradesInput = UpgradeSimulationInputSchema;
