import { AgeConfirmationSchema, ConfirmAgeInputSchema } from "@prizepacks/core";
import { z } from "zod";

// Web sessions only, no REST: a date of birth is personal data, entered and shown in the web
// app, and not something a bot's key should assert for its player.
export const getAgeInput = z.void();
export const getAgeOutput = AgeConfirmationSchema;

export const confirmAgeInput = ConfirmAgeInputSchema;
export const confirmAgeOutput = AgeConfirmationSchema;
