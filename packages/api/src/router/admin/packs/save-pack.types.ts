import { PackDraftSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside savePack.
export const savePackInput = PackDraftSchema;
