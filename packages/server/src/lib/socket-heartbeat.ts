import { CHAT_HEARTBEAT_MS } from '@selfserve/contract';
import type { WebSocket } from 'ws';

/**
 * Pings a WebSocket every CHAT_HEARTBEAT_MS and ends it when the last ping got no pong: a phone that lost its network
 * never says goodbye, and its socket (and its bus subscriptions) would otherwise stay open. `heard` on every frame,
 * `stop` on close.
 */
export function keepAlive(socket: WebSocket): { stop(): void; heard(): void } {
  let alive = true;
  const timer = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, CHAT_HEARTBEAT_MS);
  timer.unref();
  socket.on('pong', () => {
    alive = true;
  });
  return {
    stop: () => clearInterval(timer),
    // Any frame from the client shows it is there, as a pong does.
    heard: () => {
      alive = true;
    },
  };
}
