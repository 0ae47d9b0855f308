import { PackActivationSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setPackActive.
export const setPackActiveInput = PackActivationSchema;
