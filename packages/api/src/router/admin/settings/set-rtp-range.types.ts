import { RtpRangeSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setRtpRange.
export const setRtpRangeInput = RtpRangeSchema;
