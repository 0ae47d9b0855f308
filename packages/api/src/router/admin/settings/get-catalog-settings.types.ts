import { z } from "zod";

export const getCatalogSettingsInput = z.void();
