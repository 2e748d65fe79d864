import { EventEmitter } from 'node:events';
import type { Db } from '../store/db.ts';
import { type BucketPolicy, TokenBuckets } from '../domain/tokenBucket.ts';

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** A lock's holder (`owner` as the holder named itself) and since when it holds it (ms, its clock). */
export interface LockHolder {
  owner: string;
  since: number;
}

/**
 * What several ottkit processes must agree on, beyond the database (decision 0260): rate-limit buckets, locks
 * (one packager per live channel) and invalidation messages for per-process caches. In memory by default (one
 * process, today's behaviour); Redis when OTTKIT_REDIS_URL is set (`redisState.ts`). Every call may fail when
 * Redis is down: the caller lets the error through, so the request answers the server-error envelope.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Takes `cost` tokens from the bucket `key` when it holds them; otherwise none, and how long until it will. */
  take(key: string, policy: BucketPolicy, cost: number, now: number): Promise<Take>;
  /** Takes, or renews when `owner` already holds it, the lock `name` for `ttlMs`; true when `owner` holds it. */
  lock(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lock back when `owner` holds it. */
  unlock(name: string, owner: string): Promise<void>;
  /**
   * Who holds each lock now and since when (undefined: nobody), whichever process asks: `live status` shows the
   * packager of every channel from here (decision 0317). Optional for other implementations.
   */
  holders?(names: string[]): Promise<(LockHolder | undefined)[]>;
  /** Tells every process (this one too) subscribed to `topic`. */
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, listener: (message: string) => void): void;
  /** Resolves once usable; rejects with a message naming what is missing and how to start it. */
  ready(): Promise<void>;
  /** Answers when the state is reachable now (/readyz); rejects when it is not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Topics of the invalidation messages (one place for their names). */
export const TOPIC = {
  /** `<epgId>|<day>`: a guide day was written; every process drops its serialised copies. */
  guideDay: 'guide-day',
} as const;

/** One process: buckets, locks and messages in this process's memory. */
export class MemoryState implements SharedState {
  readonly kind = 'memory';
  readonly #buckets = new Map<string, TokenBuckets>();
  readonly #locks = new Map<string, { owner: string; until: number; since: number }>();
  readonly #events = new EventEmitter();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#events.setMaxListeners(0);
  }

  async take(key: string, policy: BucketPolicy, cost: number, now: number): Promise<Take> {
    const name = `${policy.capacity}/${policy.refillPerSecond}`;
    let b = this.#buckets.get(name);
    if (!b) {
      b = new TokenBuckets(policy);
      this.#buckets.set(name, b);
    }
    return b.take(key, cost, now);
  }

  async lock(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = this.#now();
    const held = this.#locks.get(name);
    if (held && held.until > now && held.owner !== owner) return false;
    const since = held && held.until > now ? held.since : now;
    this.#locks.set(name, { owner, until: now + ttlMs, since });
    return true;
  }

  async holders(names: string[]): Promise<(LockHolder | undefined)[]> {
    const now = this.#now();
    return names.map((n) => {
      const held = this.#locks.get(n);
      return held && held.until > now ? { owner: held.owner, since: held.since } : undefined;
    });
  }

  async unlock(name: string, owner: string): Promise<void> {
    if (this.#locks.get(name)?.owner === owner) this.#locks.delete(name);
  }

  async publish(topic: string, message: string): Promise<void> {
    this.#events.emit(topic, message);
  }

  subscribe(topic: string, listener: (message: string) => void): void {
    this.#events.on(topic, listener);
  }

  async ready(): Promise<void> {}

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.#events.removeAllListeners();
  }
}

// One shared state per database, like the other per-process guards, so tests with several servers stay apart.
const states = new WeakMap<Db, SharedState>();

/** The shared state of the server over this database: in memory unless the server was given Redis. */
export function sharedStateOf(db: Db): SharedState {
  let s = states.get(db);
  if (!s) {
    s = new MemoryState();
    states.set(db, s);
  }
  return s;
}

/** Makes `state` the one the server over `db` uses (createServer, with OTTKIT_REDIS_URL). */
export function useSharedState(db: Db, state: SharedState): void {
  states.set(db, state);
}
