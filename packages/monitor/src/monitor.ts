/**
 * A monitor anyone can run against a prizepacks server's public transparency log: it fetches
 * every signed head and every leaf, rebuilds the RFC 9162 tree itself, checks every head's
 * Ed25519 signature against the pinned log key, every head's root against the leaves, and each
 * head's consistency with the next (the server's proof, verified, and its own tree). It keeps what
 * it has checked in a folder (the pinned key, the leaf hashes, the last head), so a second run
 * checks only what is new, and anything served later that contradicts what it saw (a rewritten
 * and re-signed tree, another key, a shrunk tree) is reported.
 *
 * Every leaf whose server seed is revealed (GET /v1/fairness/seeds/{hash}: a pair's after its
 * rotation, a battle's once settled) is re-verified from that seed with @prizepacks/fairness's
 * verifier; leaves whose seed is still secret wait in the state folder (pending.json) and are
 * checked by the first run after the seed is revealed.
 */
import { mkdir, readFile, writeFile, appendFile } from "node:fs/promises";
import path from "node:path";
import {
  MerkleTree,
  bytesToHex,
  canonicalLeaf,
  leafHash,
  leafSeedHash,
  verifyConsistencyHex,
  verifyRevealedLeaf,
  verifyTreeHead,
  type SignedTreeHead,
  type TransparencyLeaf,
} from "@prizepacks/fairness";

export interface MonitorOptions {
  baseUrl: string;
  stateDir: string;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export interface MonitorReport {
  ok: boolean;
  problems: string[];
  treeSize: number;
  heads: number;
  newLeaves: number;
  /** Leaves re-verified from their revealed seed on this run. */
  verified: number;
  /** Leaves whose seed is still secret, waiting for it. */
  pending: number;
}

/** Leaves waiting for their seed, by seed hash. */
type Pending = Record<string, Array<{ leafIndex: number; leaf: string }>>;

type ServedHead = SignedTreeHead & { publicKey?: string; nextKey?: string | null };

interface State {
  baseUrl: string;
  /** The key pinned on the first run (the first head's); later keys are followed through each head's nextKey. */
  publicKey: string;
  treeSize: number;
  lastHead: SignedTreeHead | null;
}

const LEAVES_PER_CALL = 1_000;
const RATE_LIMIT_RETRIES = 5;

class Problem extends Error {}

export async function runMonitor({ baseUrl, stateDir, fetch: get = fetch, log = () => undefined }: MonitorOptions): Promise<MonitorReport> {
  const problems: string[] = [];
  const base = baseUrl.replace(/\/+$/, "");
  const request = async (pathAndQuery: string): Promise<Response> => {
    // The public reads are rate limited per address: wait as told (bounded), rather than fail a long first run.
    for (let attempt = 0; ; attempt++) {
      const response = await get(`${base}${pathAndQuery}`, { headers: { accept: "application/json" } });
      if (response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return response;
      const seconds = Math.min(60, Math.max(1, Number(response.headers.get("retry-after")) || 1));
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  };
  const json = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await request(pathAndQuery);
    if (!response.ok) throw new Problem(`GET ${pathAndQuery} answered ${response.status}`);
    return (await response.json()) as T;
  };
  /** null for 404 (not revealed yet, not published). */
  const optionalJson = async <T>(pathAndQuery: string): Promise<T | null> => {
    const response = await request(pathAndQuery);
    if (response.status === 404) return null;
    if (!response.ok) throw new Problem(`GET ${pathAndQuery} answered ${response.status}`);
    return (await response.json()) as T;
  };
  await mkdir(stateDir, { recursive: true });
  const stateFile = path.join(stateDir, "state.json");
  const leavesFile = path.join(stateDir, "leaf-hashes.bin");
  const pendingFile = path.join(stateDir, "pending.json");
  const state = await readState(stateFile);
  const pending: Pending = state ? ((await readJson<Pending>(pendingFile)) ?? {}) : {};
  const tree = new MerkleTree();
  if (state) {
    const bytes = await readFile(leavesFile).catch(() => new Uint8Array(0));
    for (let i = 0; i + 32 <= bytes.length && tree.size < state.treeSize; i += 32) tree.append(bytes.subarray(i, i + 32));
    if (tree.size !== state.treeSize) throw new Error(`${stateDir} is damaged: ${tree.size} leaf hashes for a tree of ${state.treeSize}`);
  }
  let newLeaves = 0;
  let headsSeen = 0;
  let verified = 0;
  try {
    const key = await json<{ algorithm: string; publicKey: string }>("/v1/transparency/key");

    const heads: ServedHead[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { heads: ServedHead[]; nextCursor: string | null } = await json(
        `/v1/transparency/heads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      heads.push(...page.heads);
      cursor = page.nextCursor;
    }
    headsSeen = heads.length;
    // The key pinned on the first run: the first head's (trust on first use, as for the key served).
    const publicKey = state?.publicKey ?? heads[0]?.publicKey ?? key.publicKey;
    const latest = heads.at(-1);
    if (!latest) {
      if (key.publicKey !== publicKey) problems.push(`the log key changed: pinned ${publicKey}, now served ${key.publicKey}`);
      return finish();
    }
    // Each head is signed by the key the heads before it name: the pinned key, then each rotation's
    // nextKey, announced in a head the old key signed. Any other key is refused.
    let signer = publicKey;
    for (const [i, head] of heads.entries()) {
      if (!verifyTreeHead(head, signer)) {
        problems.push(
          head.publicKey && head.publicKey !== signer
            ? `head of size ${head.treeSize}: signed by ${head.publicKey}, a key no head announced (the log's key is ${signer})`
            : `head of size ${head.treeSize}: its signature does not verify under the log's key ${signer}`,
        );
      } else if (head.nextKey) {
        signer = head.nextKey;
      }
      const previous = heads[i - 1];
      if (previous && (head.treeSize <= previous.treeSize || head.timestamp <= previous.timestamp)) {
        problems.push(`head of size ${head.treeSize}: sizes and timestamps must grow (after size ${previous.treeSize})`);
      }
    }
    const latestSigner = latest.nextKey && signer === latest.nextKey ? (latest.publicKey ?? signer) : signer;
    if (key.publicKey !== latestSigner && key.publicKey !== signer)
      problems.push(`the log key changed: the heads' chain says ${signer}, now served ${key.publicKey}`);
    if (state?.lastHead) {
      const again = heads.find((head) => head.treeSize === state.lastHead!.treeSize);
      if (latest.treeSize < state.lastHead.treeSize)
        problems.push(`the tree shrank: ${state.lastHead.treeSize} leaves seen, now ${latest.treeSize}`);
      if (again && again.rootHash !== state.lastHead.rootHash) {
        problems.push(
          `head of size ${again.treeSize} now has root ${again.rootHash}; it was signed with ${state.lastHead.rootHash} (the tree was rewritten)`,
        );
      }
    }

    // The new leaves, checked for canonical form and hashed into this monitor's own tree.
    for (let start = tree.size; start < latest.treeSize; start += LEAVES_PER_CALL) {
      const end = Math.min(latest.treeSize, start + LEAVES_PER_CALL);
      const { leaves } = await json<{ leaves: Array<{ leafIndex: number; kind: string; id: string; leaf: string }> }>(
        `/v1/transparency/leaves?start=${start}&end=${end}`,
      );
      if (leaves.length !== end - start) throw new Problem(`leaves [${start}, ${end}): ${leaves.length} served`);
      for (const [offset, entry] of leaves.entries()) {
        const index = start + offset;
        if (entry.leafIndex !== index) throw new Problem(`leaf ${index}: served as ${entry.leafIndex}`);
        let parsed: TransparencyLeaf | null = null;
        try {
          parsed = JSON.parse(entry.leaf) as TransparencyLeaf;
        } catch {
          problems.push(`leaf ${index}: not JSON`);
        }
        if (parsed && canonicalLeaf(parsed) !== entry.leaf) problems.push(`leaf ${index}: not in its RFC 8785 canonical form`);
        if (parsed && (parsed.kind !== entry.kind || parsed.id !== entry.id))
          problems.push(`leaf ${index}: its kind and id are not the entry's`);
        tree.append(leafHash(entry.leaf));
        newLeaves++;
        if (parsed) (pending[leafSeedHash(parsed)] ??= []).push({ leafIndex: index, leaf: entry.leaf });
      }
    }

    // Every head against the leaves this monitor holds, and each with the next by the server's proof.
    const known = state?.lastHead?.treeSize ?? -1;
    for (const [i, head] of heads.entries()) {
      if (head.treeSize > tree.size) continue;
      if (bytesToHex(tree.root(head.treeSize)) !== head.rootHash) {
        problems.push(
          `head of size ${head.treeSize}: its root is not the root of the leaves served${head.treeSize <= known ? " (nor of those seen before)" : ""}`,
        );
      }
      const previous = i > 0 ? heads[i - 1]! : state?.lastHead && state.lastHead.treeSize < head.treeSize ? state.lastHead : null;
      if (!previous || head.treeSize < known || previous.treeSize > head.treeSize) continue;
      const proof = await json<{ consistencyPath: string[] }>(
        `/v1/transparency/proof/consistency?first=${previous.treeSize}&second=${head.treeSize}`,
      );
      if (!verifyConsistencyHex(previous.treeSize, head.treeSize, previous.rootHash, head.rootHash, proof.consistencyPath)) {
        problems.push(`heads of sizes ${previous.treeSize} and ${head.treeSize} are not consistent (the server's proof does not verify)`);
      }
    }
    if (
      state?.lastHead &&
      state.lastHead.treeSize <= tree.size &&
      bytesToHex(tree.root(state.lastHead.treeSize)) !== state.lastHead.rootHash
    ) {
      problems.push(`the tree no longer holds the head of size ${state.lastHead.treeSize} this monitor checked before`);
    }

    // Every leaf whose seed is now revealed, re-derived from it by the verifier.
    const odds = new Map<string, Array<{ itemId: string; ticketFrom: number; ticketTo: number }> | null>();
    for (const [seedHash, waiting] of Object.entries(pending)) {
      const revealed = await optionalJson<{ serverSeed: string }>(`/v1/fairness/seeds/${encodeURIComponent(seedHash)}`);
      if (!revealed) continue;
      for (const { leafIndex, leaf: text } of waiting) {
        const leaf = JSON.parse(text) as TransparencyLeaf;
        let ranges = null;
        if (leaf.kind === "open") {
          if (!odds.has(leaf.oddsHash)) {
            const table = await optionalJson<{ ranges: Array<{ itemId: string; ticketFrom: number; ticketTo: number }> }>(
              `/v1/fairness/odds/${encodeURIComponent(leaf.oddsHash)}`,
            );
            odds.set(leaf.oddsHash, table?.ranges ?? null);
          }
          ranges = odds.get(leaf.oddsHash) ?? null;
        }
        const found = await verifyRevealedLeaf(leaf, revealed.serverSeed, ranges);
        for (const problem of found)
          problems.push(`leaf ${leafIndex} (${leaf.kind} ${leaf.id}): its revealed seed does not reproduce it: ${problem}`);
        verified++;
      }
      delete pending[seedHash];
    }

    if (problems.length === 0) {
      // Only a clean run moves the state forward: what contradicts it is reported again next time.
      const hashes = new Uint8Array(32 * (tree.size - (state?.treeSize ?? 0)));
      for (let i = state?.treeSize ?? 0, at = 0; i < tree.size; i++, at += 32) hashes.set(tree.node({ level: 0, index: i }), at);
      await appendFile(leavesFile, hashes);
      const next: State = { baseUrl: base, publicKey, treeSize: tree.size, lastHead: { ...pick(latest) } };
      await writeFile(pendingFile, `${JSON.stringify(pending)}\n`);
      await writeFile(stateFile, `${JSON.stringify(next, null, 2)}\n`);
    }
  } catch (error) {
    if (!(error instanceof Problem) && !(error instanceof TypeError)) throw error;
    problems.push(error.message);
  }
  return finish();

  function finish(): MonitorReport {
    for (const problem of problems) log(`PROBLEM ${problem}`);
    const waiting = Object.values(pending).reduce((sum, list) => sum + list.length, 0);
    return { ok: problems.length === 0, problems, treeSize: tree.size, heads: headsSeen, newLeaves, verified, pending: waiting };
  }
}

function pick({ treeSize, timestamp, rootHash, signature }: SignedTreeHead): SignedTreeHead {
  return { treeSize, timestamp, rootHash, signature };
}

async function readState(file: string): Promise<State | null> {
  return readJson<State>(file);
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new Error(`${file} is damaged: ${(error as Error).message}`, { cause: error });
  }
}
