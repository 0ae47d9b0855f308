import { TRANSPARENCY_LEAF_KINDS } from "@prizepacks/fairness";
import { z } from "zod";

const Hex32 = z.string().regex(/^[0-9a-f]{64}$/);
const TreeSize = z.number().int().min(0);

export const TransparencyKindSchema = z.enum(TRANSPARENCY_LEAF_KINDS);

export const LogKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  publicKey: Hex32.meta({ description: "The log key's Ed25519 public key, lower-case hex." }),
  signs: z.string(),
});

export const SignedTreeHeadSchema = z.object({
  treeSize: TreeSize,
  timestamp: z.number().int().meta({ description: "Milliseconds since the epoch, as signed." }),
  rootHash: Hex32,
  signature: z
    .string()
    .regex(/^[0-9a-f]{128}$/)
    .meta({
      description:
        "Ed25519 over the RFC 8785 JSON of { rootHash, timestamp, treeSize } (with nextKey too when it is not null), lower-case hex.",
    }),
  publicKey: Hex32.meta({ description: "The key that signed this head." }),
  nextKey: Hex32.nullable().meta({
    description:
      "A key rotation's announcement, signed into this head by publicKey: every later head is signed by this key. Null on every other head.",
  }),
});

export const HeadsPageSchema = z.object({ heads: z.array(SignedTreeHeadSchema), nextCursor: z.string().nullable() });

export const LeavesSchema = z.object({
  leaves: z.array(
    z.object({
      leafIndex: TreeSize,
      kind: TransparencyKindSchema,
      id: z.string(),
      leaf: z.string().meta({ description: "The exact RFC 8785 text whose SHA-256(0x00 ‖ leaf) is the leaf hash." }),
    }),
  ),
});

export const InclusionProofSchema = z.object({
  kind: TransparencyKindSchema,
  id: z.string(),
  leafIndex: TreeSize,
  treeSize: TreeSize,
  leaf: z.string(),
  leafHash: Hex32,
  auditPath: z.array(Hex32),
});

export const ConsistencyProofSchema = z.object({ first: TreeSize, second: TreeSize, consistencyPath: z.array(Hex32) });

/** On answers and history rows: the outcome's leaf once logged (within seconds of the commit), else null. */
export const LeafIndexField = z
  .number()
  .int()
  .min(0)
  .nullable()
  .meta({ description: "The outcome's index in the transparency log once it is logged (within seconds of the commit); null until then." });

export const RevealedSeedSchema = z.object({
  serverSeedHash: Hex32.meta({ description: "SHA-256 of the seed: a seed pair's serverSeedHash or a settled battle's commitment." }),
  serverSeed: Hex32.meta({ description: "The revealed server seed." }),
  revealedAt: z.iso.datetime().meta({ description: "When it was revealed: the pair's rotation or the battle's settlement." }),
});

export const OddsTableSchema = z.object({
  oddsHash: Hex32,
  ranges: z.array(z.object({ itemId: z.string(), ticketFrom: z.number().int(), ticketTo: z.number().int() })),
});
