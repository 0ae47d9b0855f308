import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BEACON_SCHEME_ID, beaconPublicKey, generateBeaconSecretKey, signBeaconRound } from "@prizepacks/fairness";
import type { BeaconChain } from "../battles/beacon/beacon.ts";
import { roundAt } from "../battles/beacon/beacon-clock.ts";

// A drand HTTP relay stand-in on loopback for tests, speaking drand's V1 wire format
// (https://docs.drand.love/docs/dev-guide/API%20Documentation%20v1/) for one chain of the
// quicknet scheme signed with its own key: `/chains`, `/{chainHash}/info`,
// `/{chainHash}/public/latest` and `/{chainHash}/public/{round}`. As drand's relays do, a round
// that is not due yet is a 425 "Requested future beacon" (the relay would hold a request for the
// next round until it is due; the stand-in does not wait), anything else a 404 and errors plain
// text (Go's http.Error).

export interface DrandStandin {
  /** The relay's base URL, for DRAND_URLS or DrandBeacon's urls. */
  url: string;
  /** The chain it serves, as a BeaconChain (what DrandBeacon is configured with). */
  chain: BeaconChain;
  /** Every request, as "METHOD path". */
  requests: string[];
  /** Milliseconds to wait before answering (a slow relay). */
  delayMs: number;
  /** "refuse": connections are refused (the listener closes); "503": every request is a 503. */
  down(how?: "refuse" | "503"): Promise<void>;
  /** Serves again, on the same port. */
  up(): Promise<void>;
  /**
   * Serves another round's signature (with its matching randomness) for `round`, or for every
   * round when none is named (a bad relay): only the BLS check catches it.
   */
  forge(round?: number): void;
  close(): Promise<void>;
}

export interface DrandStandinOptions {
  /** Another relay of that stand-in's chain: the same key, hash and clock (as two drand relays of quicknet). */
  relayOf?: DrandStandin;
  /** Unix seconds of round 1; default an hour ago, so rounds exist. */
  genesisTime?: number;
  period?: number;
  /** The chain hash it claims; default one of its own. Another chain's hash with this key makes a relay whose info differs. */
  chainHash?: string;
  /** Unix milliseconds; decides which rounds are due. */
  now?: () => number;
}

const secretKeys = new WeakMap<DrandStandin, Uint8Array>();

const json = (res: ServerResponse, body: unknown, cacheControl: string) =>
  res.writeHead(200, { "content-type": "application/json", "cache-control": cacheControl }).end(JSON.stringify(body));
const goError = (res: ServerResponse, status: number, text: string) =>
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" }).end(`${text}\n`);

export async function startDrandStandin(options: DrandStandinOptions = {}): Promise<DrandStandin> {
  const { relayOf, now = Date.now } = options;
  const period = relayOf?.chain.period ?? options.period ?? 3;
  const genesisTime = relayOf?.chain.genesisTime ?? options.genesisTime ?? Math.floor(Date.now() / 1000) - 3600;
  const chainHash = relayOf?.chain.chainHash ?? options.chainHash;
  const secretKey = (relayOf && secretKeys.get(relayOf)) ?? generateBeaconSecretKey();
  const publicKey = beaconPublicKey(secretKey);
  const chain: BeaconChain = {
    chainHash: chainHash ?? createHash("sha256").update(`drand-standin|${publicKey}|${period}|${genesisTime}`).digest("hex"),
    publicKey,
    period,
    genesisTime,
    schemeID: BEACON_SCHEME_ID,
  };
  const groupHash = randomBytes(32).toString("hex");
  const forged = new Set<number>();
  let forgeAll = false;
  const requests: string[] = [];
  let unavailable = false;
  let port = 0;

  async function publicRound(round: number) {
    const signed = await signBeaconRound(secretKey, forgeAll || forged.has(round) ? round + 1 : round);
    return { round, randomness: signed.randomness, signature: signed.signature };
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push(`${req.method} ${path}`);
    if (standin.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standin.delayMs));
    if (unavailable) return goError(res, 503, "Service Unavailable");
    if (req.method !== "GET") return goError(res, 405, "Method Not Allowed");
    if (path === "/chains") return json(res, [chain.chainHash], "no-cache");
    const match = /^\/([0-9a-f]{64})\/(info|public\/latest|public\/([^/]+))$/.exec(path);
    if (!match || match[1] !== chain.chainHash) return goError(res, 404, "404 page not found");
    const current = roundAt(chain, now());
    if (match[2] === "info")
      return json(
        res,
        {
          public_key: publicKey,
          period,
          genesis_time: genesisTime,
          hash: chain.chainHash,
          groupHash,
          schemeID: BEACON_SCHEME_ID,
          metadata: { beaconID: "standin" },
        },
        "public, max-age=604800, immutable",
      );
    if (match[2] === "public/latest") {
      if (current < 1) return goError(res, 500, "Failed to get beacon");
      return json(res, await publicRound(current), "public, must-revalidate, max-age=1");
    }
    const text = match[3]!;
    if (!/^\d+$/.test(text)) return goError(res, 400, `Failed to parse round parameter "${text}"`);
    const round = Number(text);
    if (round > current) return goError(res, 425, "Requested future beacon");
    if (round === 0) return json(res, await publicRound(Math.max(current, 1)), "no-cache");
    return json(res, await publicRound(round), "public, max-age=604800, immutable");
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen();
  port = (server.address() as AddressInfo).port;

  const standin: DrandStandin = {
    url: `http://127.0.0.1:${port}`,
    chain,
    requests,
    delayMs: 0,
    async down(how = "refuse") {
      if (how === "503") unavailable = true;
      else if (server.listening) await stop();
    },
    async up() {
      unavailable = false;
      if (!server.listening) await listen();
    },
    forge(round) {
      if (round === undefined) forgeAll = true;
      else forged.add(round);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
  secretKeys.set(standin, secretKey);
  return standin;
}
