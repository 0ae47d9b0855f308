import { simulateUpgrades } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { simulateUpgradesInput } from "./simulate-upgrades.types.ts";

// A mutation, as packs.simulate: it costs about a second of hashing, so it is asked for, never prefetched.
export const simulateUpgradesRoute = adminProcedure
  .input(simulateUpgradesInput)
  .mutation(({ ctx, input }) => simulateUpgrades(ctx.services, input));
