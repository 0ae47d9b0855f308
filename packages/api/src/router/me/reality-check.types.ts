import { z } from "zod";
import { RealityCheckInputSchema, RealityCheckSchema, SetRealityCheckInputSchema } from "@prizepacks/core";

// Web sessions only, no REST: the reality check is the web app's dialog; a bot has no session to check.
export const getRealityCheckInput = RealityCheckInputSchema;
export const getRealityCheckOutput = RealityCheckSchema;

export const setRealityCheckInput = SetRealityCheckInputSchema;
export const setRealityCheckOutput = z.object({ minutes: RealityCheckSchema.shape.minutes });
