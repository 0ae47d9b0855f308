import type { Database } from "@prizepacks/db";
import type { Change, ChangeFeed } from "../runtime/change-feed.ts";
import { STALE_WHILE_DEAF_MS } from "../runtime/change-feed.ts";
import {
  findApiKeyHolder,
  hashPresentedKey,
  lastUseIsStale,
  principalOf,
  recordKeyUse,
  type ApiKeyHolder,
  type ApiKeyPrincipal,
} from "./api-keys.ts";

const MAX_ENTRIES = 20_000;

interface Entry {
  holder: ApiKeyHolder | null;
  loadedAt: number;
}

/**
 * API keys and their accounts' standing in memory, so an authenticated request reads nothing.
 * A revocation, ban, deletion or unverification is announced by the database's triggers
 * (ChangeFeed) and drops the entries it touches on every instance within milliseconds;
 * while the feed cannot hear, an entry is trusted for at most STALE_WHILE_DEAF_MS.
 * Unknown keys and refused accounts are not remembered (a key created or an account restored
 * a moment later must work at once).
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfUser = new Map<string, Set<string>>();
  /** Bumped by every change: a lookup that began before one may hold what it undid. */
  private generation = 0;

  constructor(
    private readonly database: Database,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe((change: Change) => this.forget(change));
  }

  async authenticate(presented: string | undefined): Promise<ApiKeyPrincipal> {
    const hashedKey = hashPresentedKey(presented);
    let entry = this.entries.get(hashedKey);
    let principal: ApiKeyPrincipal;
    if (!entry || (!this.feed.live && Date.now() - entry.loadedAt > STALE_WHILE_DEAF_MS)) {
      const generation = this.generation;
      entry = { holder: await findApiKeyHolder(this.database.prisma, hashedKey), loadedAt: Date.now() };
      // Throws for a refusal before anything is remembered: lifting a ban or verifying
      // an address works on the next request, not after the notification's round trip.
      principal = principalOf(entry.holder);
      if (generation === this.generation) this.remember(hashedKey, entry);
    } else {
      principal = principalOf(entry.holder);
    }
    const holder = entry.holder!;
    if (lastUseIsStale(holder.lastUsedAt)) {
      // Off the request's path: a missed lastUsedAt write costs nothing but precision.
      holder.lastUsedAt = new Date();
      recordKeyUse(this.database.prisma, holder.id).catch(() => undefined);
    }
    return principal;
  }

  private remember(hashedKey: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) this.clear(); // rare: a cold start beats a slow eviction
    this.entries.set(hashedKey, entry);
    const userId = entry.holder!.user.id;
    let keys = this.keysOfUser.get(userId);
    if (!keys) this.keysOfUser.set(userId, (keys = new Set()));
    keys.add(hashedKey);
  }

  private forget(change: Change): void {
    if (change.kind === "catalog") return;
    this.generation++;
    if (change.kind === "key") {
      const entry = this.entries.get(change.hashedKey);
      this.entries.delete(change.hashedKey);
      if (entry?.holder) this.keysOfUser.get(entry.holder.user.id)?.delete(change.hashedKey);
    } else if (change.kind === "user") {
      for (const hashedKey of this.keysOfUser.get(change.userId) ?? []) this.entries.delete(hashedKey);
      this.keysOfUser.delete(change.userId);
    } else if (change.kind === "everything") {
      this.clear();
    }
  }

  private clear(): void {
    this.entries.clear();
    this.keysOfUser.clear();
  }
}
