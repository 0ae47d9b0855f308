import { CreatorCodeRenameSchema } from "@prizepacks/core";

// The domain's own schema, written once beside renameCreatorCode.
export const renameCreatorCodeInput = CreatorCodeRenameSchema;
