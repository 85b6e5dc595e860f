/**
 * The accounts behind recently used tokens, kept in memory so a request on PostgreSQL asks the
 * database one question fewer (the token lookup was one of the member list's two round trips and
 * of a member record's two). An entry is forgotten when the database announces a change to its
 * account (migration 018: tokens deleted or moved, role, blocking, registration, names, e-mail,
 * two-factor sign-in), when no connection listens for such announcements, and after TTL_MS in
 * any case; and it is used only while a connection listens.
 */
import type { SessionChanges } from '../db/database.ts';

/** How long an entry is used without asking the database again. */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most (the oldest go first). */
export const SESSION_CACHE_MAX = 20_000;

/** What a token lookup found: the account (`Owner`, with its id) and what checks the token. */
export interface CachedSession<Owner extends { id: number }> {
  owner: Owner;
  /** sha256 of the token's secret (the bytes of the hex digest the database keeps). */
  tokenHash: Buffer;
  expiresAt: number;
  lastUsedAt: number | null;
}

interface Entry<Owner extends { id: number }> extends CachedSession<Owner> {
  keptAt: number;
}

export class SessionCache<Owner extends { id: number }> {
  readonly #changes: SessionChanges;
  readonly #entries = new Map<number, Entry<Owner>>();
  readonly #byAccount = new Map<number, Set<number>>();
  #generation = 0;

  constructor(changes: SessionChanges) {
    this.#changes = changes;
    changes.subscribe((accountId) => {
      this.#generation += 1;
      if (accountId === null) this.clear();
      else this.#forgetAccount(accountId);
    });
  }

  /** Bumped by every announcement: a lookup that saw it change while it ran is not kept. */
  get generation(): number {
    return this.#generation;
  }

  get(tokenId: number, now = Date.now()): CachedSession<Owner> | null {
    if (!this.#changes.live) return null;
    const entry = this.#entries.get(tokenId);
    if (!entry) return null;
    if (now - entry.keptAt >= SESSION_CACHE_TTL_MS || entry.expiresAt <= now) {
      this.#forgetToken(tokenId);
      return null;
    }
    return entry;
  }

  /** Keeps a lookup made while `generation` was current, unless an announcement came since. */
  keep(tokenId: number, generation: number, session: CachedSession<Owner>, now = Date.now()): void {
    if (generation !== this.#generation || !this.#changes.live) return;
    this.#forgetToken(tokenId);
    if (this.#entries.size >= SESSION_CACHE_MAX) this.#forgetToken(this.#entries.keys().next().value!);
    this.#entries.set(tokenId, { ...session, keptAt: now });
    const tokens = this.#byAccount.get(session.owner.id) ?? new Set<number>();
    tokens.add(tokenId);
    this.#byAccount.set(session.owner.id, tokens);
  }

  /** The token's use, recorded in the database, noted on the entry. */
  used(tokenId: number, at: number): void {
    const entry = this.#entries.get(tokenId);
    if (entry) entry.lastUsedAt = at;
  }

  clear(): void {
    this.#entries.clear();
    this.#byAccount.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #forgetToken(tokenId: number): void {
    const entry = this.#entries.get(tokenId);
    if (!entry) return;
    this.#entries.delete(tokenId);
    const tokens = this.#byAccount.get(entry.owner.id);
    tokens?.delete(tokenId);
    if (tokens?.size === 0) this.#byAccount.delete(entry.owner.id);
  }

  #forgetAccount(accountId: number): void {
    for (const tokenId of this.#byAccount.get(accountId) ?? []) this.#entries.delete(tokenId);
    this.#byAccount.delete(accountId);
  }
}
