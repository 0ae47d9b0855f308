import { BEACON_SCHEME_ID } from "@prizepacks/fairness";
import { z } from "zod";
import { isLoopbackHost } from "../../service-env.ts";
import type { BeaconChain } from "./beacon.ts";

/** drand's "quicknet": the League of Entropy's 3-second chain with BLS signatures on G1. */
export const QUICKNET: BeaconChain = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesisTime: 1692803367,
  schemeID: BEACON_SCHEME_ID,
};

/** drand's public HTTP relays (League of Entropy members and Cloudflare). */
export const DEFAULT_DRAND_URLS = [
  "https://api.drand.sh",
  "https://api2.drand.sh",
  "https://api3.drand.sh",
  "https://drand.cloudflare.com",
];

const wholeNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`);

/** A relay is reached over HTTPS; plain HTTP only to this machine (a relay or stand-in on loopback). */
function isRelayUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

const schema = z.object({
  /** Where battles take their randomness. Unset: "local" in demo mode, "drand" otherwise. */
  BATTLE_BEACON: z.enum(["drand", "local"], { error: 'BATTLE_BEACON must be "drand" or "local"' }).optional(),
  /** drand HTTP relays, comma-separated, tried in this order. */
  DRAND_URLS: z
    .string()
    .transform((text) => text.split(",").map((url) => url.trim().replace(/\/+$/, "")))
    .refine((urls) => urls.every(isRelayUrl), "DRAND_URLS must be https:// URLs (http:// only to loopback), comma-separated")
    .default(DEFAULT_DRAND_URLS),
  /** The chain battles use; unset: quicknet. Another chain needs its public key, period and genesis time too. */
  DRAND_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "DRAND_CHAIN_HASH must be 64 lower-case hex digits")
    .optional(),
  DRAND_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]{192}$/, "DRAND_PUBLIC_KEY must be a compressed G2 point, 192 lower-case hex digits")
    .optional(),
  DRAND_PERIOD_SECONDS: wholeNumber("DRAND_PERIOD_SECONDS").optional(),
  DRAND_GENESIS_TIME: wholeNumber("DRAND_GENESIS_TIME").optional(),
});

export interface BeaconEnv {
  /** BATTLE_BEACON as set (undefined: chosen by demo mode, see configuredBeacon). */
  beacon: "drand" | "local" | undefined;
  drand: { urls: string[]; chain: BeaconChain };
}

let cached: BeaconEnv | undefined;

/** The beacon settings, read once. */
export function beaconEnv(): BeaconEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid beacon environment: ${z.prettifyError(parsed.error)}`);
  cached = { beacon: parsed.data.BATTLE_BEACON, drand: { urls: parsed.data.DRAND_URLS, chain: drandChain(parsed.data) } };
  return cached;
}

function drandChain(env: z.infer<typeof schema>): BeaconChain {
  const { DRAND_CHAIN_HASH: chainHash, DRAND_PUBLIC_KEY: publicKey, DRAND_PERIOD_SECONDS: period, DRAND_GENESIS_TIME: genesisTime } = env;
  if (!chainHash || chainHash === QUICKNET.chainHash) {
    const differs =
      (publicKey && publicKey !== QUICKNET.publicKey) ||
      (period && period !== QUICKNET.period) ||
      (genesisTime && genesisTime !== QUICKNET.genesisTime);
    if (differs)
      throw new Error("Invalid beacon environment: DRAND_PUBLIC_KEY, DRAND_PERIOD_SECONDS and DRAND_GENESIS_TIME differ from quicknet's.");
    return QUICKNET;
  }
  if (!publicKey || !period || !genesisTime)
    throw new Error(
      "Invalid beacon environment: a DRAND_CHAIN_HASH other than quicknet's needs DRAND_PUBLIC_KEY, DRAND_PERIOD_SECONDS and DRAND_GENESIS_TIME.",
    );
  return { chainHash, publicKey, period, genesisTime, schemeID: BEACON_SCHEME_ID };
}
