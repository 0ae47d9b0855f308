import { PackRefSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside archivePack.
export const archivePackInput = PackRefSchema;
