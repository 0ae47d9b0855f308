import { AffiliateSettingsSchema } from "@prizepacks/core";

// The domain's own schema, written once beside setAffiliateSettings.
export const setAffiliateSettingsInput = AffiliateSettingsSchema;
