import { z } from "zod";
import { Nonce, ServerSeed, Sha256Hex } from "./fields.ts";

export const FairnessStateSchema = z
  .object({
    serverSeedHash: Sha256Hex.meta({ description: "SHA-256 of the active, still secret server seed." }),
    clientSeed: z.string(),
    nonce: Nonce.meta({ description: "The nonce the next opening will use." }),
    nextServerSeedHash: Sha256Hex.meta({ description: "Commitment to the server seed that becomes active on rotate." }),
  })
  .meta({ id: "FairnessState" });
export type FairnessState = z.infer<typeof FairnessStateSchema>;

export const ClientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, "clientSeed must be 1-64 printable ASCII characters without spaces");

export const RotateResultSchema = z
  .object({
    previous: z.object({
      serverSeed: ServerSeed.meta({ description: "The retired server seed, now revealed: its SHA-256 is serverSeedHash." }),
      serverSeedHash: Sha256Hex,
      clientSeed: z.string(),
      nonce: Nonce.meta({ description: "Number of openings made with the retired pair (nonces 0 to nonce - 1)." }),
    }),
    current: z.object({
      serverSeedHash: Sha256Hex,
      clientSeed: z.string(),
      nonce: Nonce.max(0).meta({ description: "Always 0: the new pair is unused." }),
    }),
    nextServerSeedHash: Sha256Hex,
  })
  .meta({ id: "RotateResult" });
export type RotateResult = z.infer<typeof RotateResultSchema>;
