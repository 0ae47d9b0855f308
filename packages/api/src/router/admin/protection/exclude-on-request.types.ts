import { OperatorExclusionSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside excludeOnPlayersRequest.
export const excludeOnRequestInput = OperatorExclusionSchema;
