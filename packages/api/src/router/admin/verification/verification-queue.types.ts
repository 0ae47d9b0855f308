import { IdSchema, VerificationQueueFilterSchema } from "@prizepacks/core";
import { z } from "zod";

// The input is the domain's own schema, written once beside listVerificationQueue.
export const listVerificationQueueInput = VerificationQueueFilterSchema;
export const getVerificationHistoryInput = z.object({ userId: IdSchema });
