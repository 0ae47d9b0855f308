import { simulatePack } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { simulatePackInput } from "./simulate-pack.types.ts";

export const simulatePackRoute = adminProcedure.input(simulatePackInput).mutation(({ input }) => simulatePack(input));
