import { Redis } from 'ioredis';
import type { BucketPolicy } from '../domain/tokenBucket.ts';
import type { LockHolder, SharedState, Take } from './sharedState.ts';

/** Every key and topic ottkit writes starts so, so a Redis shared with other software stays apart. */
const PREFIX = 'ottkit:';

/** The memory bucket's arithmetic (TokenBuckets.take), in one atomic step on the Redis server. */
const TAKE = `
local cap = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local cost = tonumber(ARGV[3]); local now = tonumber(ARGV[4])
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(b[1]) or cap
local at = tonumber(b[2]) or now
tokens = math.min(cap, tokens + math.max(0, now - at) / 1000 * rate)
local retry = -1
if cost <= tokens then tokens = tokens - cost else retry = math.ceil((math.min(cost, cap) - tokens) / rate * 1000) end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(cap / rate * 1000) + 1000)
return retry`;

// KEYS[2] keeps since when the holder has held it (ARGV[3], its clock), for live status (decision 0317).
const LOCK = `
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then
  redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[2]) return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[2], 'NX') redis.call('PEXPIRE', KEYS[2], ARGV[2]) return 1 end
return 0`;

const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end
return 0`;

/** How long the first connection may take before the server refuses to start. */
const CONNECT_TIMEOUT_MS = 5000;

/** A URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Resolves when a connection under way is ready; rejects after CONNECT_TIMEOUT_MS. */
function readyEvent(r: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('connection timed out')), CONNECT_TIMEOUT_MS);
    r.once('ready', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/**
 * Several processes over one Redis (decision 0260). Commands fail at once while Redis is down (no offline
 * queue), so a request never waits for it; the connections come back by themselves, and subscriptions with them.
 */
export class RedisState implements SharedState {
  readonly kind = 'redis';
  readonly #url: string;
  readonly #cmd: Redis;
  readonly #sub: Redis;
  readonly #listeners = new Map<string, ((message: string) => void)[]>();

  constructor(url: string) {
    this.#url = url;
    const options = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Reconnect every second at most, for as long as it takes.
      retryStrategy: (times: number) => Math.min(times * 200, 1000),
    };
    this.#cmd = new Redis(url, options);
    this.#sub = new Redis(url, { ...options, enableOfflineQueue: true });
    // Errors while running surface on the commands; the connection's own events are only noise here.
    this.#cmd.on('error', () => {});
    this.#sub.on('error', () => {});
    this.#sub.on('message', (channel: string, message: string) => {
      for (const l of this.#listeners.get(channel.slice(PREFIX.length)) ?? []) l(message);
    });
  }

  async take(key: string, policy: BucketPolicy, cost: number, now: number): Promise<Take> {
    const retry = (await this.#cmd.eval(
      TAKE,
      1,
      `${PREFIX}bucket:${policy.capacity}/${policy.refillPerSecond}:${key}`,
      policy.capacity,
      policy.refillPerSecond,
      cost,
      now,
    )) as number;
    // -1: taken; otherwise refused, with the wait (0 when the cost is over the capacity: never).
    return retry < 0 ? { ok: true } : { ok: false, retryAfterMs: retry };
  }

  async lock(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const keys = [`${PREFIX}lock:${name}`, `${PREFIX}lock-since:${name}`];
    return (await this.#cmd.eval(LOCK, 2, ...keys, owner, Math.ceil(ttlMs), Date.now())) === 1;
  }

  async unlock(name: string, owner: string): Promise<void> {
    await this.#cmd.eval(UNLOCK, 2, `${PREFIX}lock:${name}`, `${PREFIX}lock-since:${name}`, owner);
  }

  async holders(names: string[]): Promise<(LockHolder | undefined)[]> {
    if (names.length === 0) return [];
    const values = await this.#cmd.mget(
      names.flatMap((n) => [`${PREFIX}lock:${n}`, `${PREFIX}lock-since:${n}`]),
    );
    return names.map((_, i) => {
      const owner = values[2 * i];
      return owner ? { owner, since: Number(values[2 * i + 1]) || 0 } : undefined;
    });
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.#cmd.publish(`${PREFIX}${topic}`, message);
  }

  subscribe(topic: string, listener: (message: string) => void): void {
    const list = this.#listeners.get(topic);
    if (list) return void list.push(listener);
    this.#listeners.set(topic, [listener]);
    this.#sub.subscribe(`${PREFIX}${topic}`).catch(() => {});
  }

  #ready: Promise<void> | undefined;

  /** One connection attempt however many callers ask (the server's listen, the live supervisor's locks). */
  async ping(): Promise<void> {
    await this.#cmd.ping();
  }

  ready(): Promise<void> {
    this.#ready ??= this.#connect();
    return this.#ready;
  }

  async #connect(): Promise<void> {
    try {
      // A subscription or a command made before may have opened its connection already: wait for it.
      const open = (r: Redis) =>
        r.status === 'wait' ? r.connect() : r.status === 'ready' ? undefined : readyEvent(r);
      await Promise.all([open(this.#cmd), open(this.#sub)]);
      await this.#cmd.ping();
    } catch (err) {
      this.#cmd.disconnect();
      this.#sub.disconnect();
      throw new Error(
        `Redis is not reachable at ${redactedUrl(this.#url)} (OTTKIT_REDIS_URL): ${(err as Error).message}. ` +
          `Start it (Debian: 'apt-get install redis-server', then 'redis-server --port 6379' or ` +
          `'systemctl start redis-server'), or unset OTTKIT_REDIS_URL to run one process without it.`,
      );
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#cmd.quit(), this.#sub.quit()]);
  }
}
