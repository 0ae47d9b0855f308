import { z } from "zod";
import {
  ConsistencyProofSchema,
  HeadsPageSchema,
  InclusionProofSchema,
  LeavesSchema,
  LogKeySchema,
  SignedTreeHeadSchema,
  TRANSPARENCY_LEAVES_MAX,
  TransparencyKindSchema,
} from "@prizepacks/core";
import { publicRestMeta } from "../shared/rest-meta.ts";

const LeafCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const tags = ["Transparency"];

export const getLogKeyInput = z.void();
export const getLogKeyOutput = LogKeySchema;
export const getLogKeyMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/key",
  operationId: "transparency-key",
  summary: "The log key's Ed25519 public key, which signs every tree head",
  description:
    "No key needed. Pin it: a head signed by any other key is not this log's. A new key is announced in a head signed by the old one.",
  tags,
  conditional: true,
});

export const getHeadInput = z.void();
export const getHeadOutput = SignedTreeHeadSchema;
export const getHeadMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/head",
  operationId: "transparency-head",
  summary: "The latest signed tree head",
  description:
    "The tree's size and RFC 9162 root hash with the log key's Ed25519 signature over the RFC 8785 JSON of { rootHash, timestamp, treeSize }. A new head is signed within seconds of new leaves (at least once a minute while outcomes arrive).",
  tags,
  conditional: true,
  errorResponses: { 404: "The log has no signed head yet" },
});

export const listHeadsInput = z.object({
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the previous page." }),
});
export const listHeadsOutput = HeadsPageSchema;
export const listHeadsMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/heads",
  operationId: "transparency-heads",
  summary: "Every signed tree head, oldest first",
  description: "100 a page. Each head must be consistent with the next (GET /v1/transparency/proof/consistency).",
  tags,
  conditional: true,
  errorResponses: { 400: "Invalid cursor" },
});

export const listLeavesInput = z.object({
  start: LeafCount.default(0).meta({ description: "The first leaf index." }),
  end: LeafCount.optional().meta({
    description: `One past the last leaf index; at most ${TRANSPARENCY_LEAVES_MAX} leaves at a time (the default: start + ${TRANSPARENCY_LEAVES_MAX}).`,
  }),
});
export const listLeavesOutput = LeavesSchema;
export const listLeavesMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/leaves",
  operationId: "transparency-leaves",
  summary: "Leaves [start, end) of the log",
  description:
    "Each entry's leaf is the exact RFC 8785 text whose SHA-256(0x00 ‖ leaf) is its leaf hash. No account id, e-mail or name: the server seed hash is the pseudonym. Leaves past the tree's size are not returned.",
  tags,
  conditional: true,
  errorResponses: { 400: `end before start, or more than ${TRANSPARENCY_LEAVES_MAX} leaves` },
});

export const getInclusionProofInput = z.object({
  kind: TransparencyKindSchema.meta({ description: "open, upgrade or battle." }),
  id: z.string().min(1).max(100).meta({ description: "The opening's spin id, the upgrade's or the battle's id." }),
  // Text, read as a whole number by the procedure: the proof needs kind and id besides, so it is not one of the typed parameters a request makes alone.
  treeSize: z
    .string()
    .regex(/^\d{1,15}$/, "treeSize is a whole number")
    .optional()
    .meta({ description: "The tree to prove inclusion in (a whole number); the latest signed head's by default." }),
});
export const getInclusionProofOutput = InclusionProofSchema;
export const getInclusionProofMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/proof/inclusion",
  operationId: "transparency-proof-inclusion",
  summary: "An outcome's RFC 9162 inclusion proof",
  description:
    "Its leafIndex, its leaf and leaf hash, and the auditPath (lower-case hex) from the leaf to the root of the tree of treeSize leaves: RFC 9162 section 2.1.3.2 verifies it against a signed head's root.",
  tags,
  conditional: true,
  errorResponses: { 400: "treeSize larger than the tree", 404: "Not logged yet, or not in a tree of that size" },
});

export const getConsistencyProofInput = z.object({
  first: LeafCount.default(0).meta({ description: "The older tree's size." }),
  second: LeafCount.optional().meta({ description: "The newer tree's size; the latest signed head's by default." }),
});
export const getConsistencyProofOutput = ConsistencyProofSchema;
export const getConsistencyProofMeta = publicRestMeta({
  method: "GET",
  path: "/v1/transparency/proof/consistency",
  operationId: "transparency-proof-consistency",
  summary: "An RFC 9162 consistency proof between two tree sizes",
  description:
    "Proves the tree of `second` leaves extends the tree of `first` leaves (section 2.1.4.2): nothing logged was changed or dropped.",
  tags,
  conditional: true,
  errorResponses: { 400: "first after second, or second larger than the tree" },
});
