import { CreatorCodeDisableSchema } from "@prizepacks/core";

// The domain's own schema, written once beside disableCreatorCode.
export const disableCreatorCodeInput = CreatorCodeDisableSchema;
