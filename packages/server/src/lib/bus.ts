import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { newRedis } from './redis-client.ts';

/**
 * The message bus of live features (DESIGN.md "Live features"): what one instance publishes, every instance's
 * subscribers receive. Redis pub/sub when REDIS_URL is set, so any instance can carry any conversation; an in-process
 * EventEmitter otherwise (one instance). Messages are JSON on both, so a handler never sees an object another
 * handler could change.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Calls the handler for each message on the channel; the answer unsubscribes (once). */
  subscribe(channel: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names, kept in one place so the publisher and the subscribers cannot drift apart. */
export const channels = {
  conversation: (id: string) => `selfserve:chat:conversation:${id}`,
  /** conversations handed to a person (the agent console listens here) */
  agents: 'selfserve:chat:agents',
} as const;

const parse = (raw: string): unknown => JSON.parse(raw) as unknown;

export function createBus(redisUrl: string | undefined, log: FastifyBaseLogger): Bus {
  return redisUrl ? redisBus(redisUrl, log) : memoryBus();
}

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  // One listener per open socket on a conversation channel: many sockets are normal, not a leak.
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      const raw = JSON.stringify(message);
      // Delivered after the publisher's turn, as Redis would, so no handler runs inside the publisher's code.
      queueMicrotask(() => emitter.emit(channel, raw));
    },
    async subscribe(channel, handler) {
      const listener = (raw: string) => handler(parse(raw));
      emitter.on(channel, listener);
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: a subscribed connection may only subscribe, so publishing has its own connection. Each channel is
 * subscribed once per instance however many local handlers it has, and unsubscribed when the last one leaves.
 */
export function redisBus(url: string, log: FastifyBaseLogger): Bus {
  const publisher = newRedis(url, { maxRetriesPerRequest: 2 });
  const subscriber = newRedis(url, { maxRetriesPerRequest: null });
  for (const [name, conn] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    conn.on('error', (err) => log.warn({ err, connection: name }, 'bus: redis connection error'));
  }
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  // The SUBSCRIBE of each channel in flight or done: a second handler waits for the same confirmation.
  const subscribed = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = parse(raw);
    } catch (err) {
      log.warn({ err, channel }, 'bus: unreadable message dropped');
      return;
    }
    for (const handler of set) handler(message);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      // Resolves once Redis confirms, so a message published after this call returns is delivered.
      let confirmed = subscribed.get(channel);
      if (!confirmed) {
        confirmed = subscriber.subscribe(channel);
        subscribed.set(channel, confirmed);
      }
      await confirmed;
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        const current = handlers.get(channel);
        current?.delete(handler);
        if (current && current.size === 0) {
          handlers.delete(channel);
          subscribed.delete(channel);
          if (subscriber.status === 'ready') await subscriber.unsubscribe(channel);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
