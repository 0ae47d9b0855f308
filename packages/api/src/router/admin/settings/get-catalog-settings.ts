import { getCatalogSettings } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getCatalogSettingsInput } from "./get-catalog-settings.types.ts";

export const getCatalogSettingsRoute = adminProcedure.input(getCatalogSettingsInput).query(({ ctx }) => getCatalogSettings(ctx.services));
