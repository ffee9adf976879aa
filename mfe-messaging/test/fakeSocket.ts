/**
 * A stand-in for socket.io-client: `io()` returns a FakeSocket that records what the page emits and
 * lets a test play the server (`serverEmit`). Used with
 *   jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);
 */
import { act } from '@testing-library/react';

type Handler = (...args: any[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
  ack?: Handler;
}

export class FakeSocket {
  connected = true;
  disconnected = false;
  readonly emitted: Emitted[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    readonly url: string | undefined,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  emit(event: string, payload?: unknown, ack?: Handler): this {
    this.emitted.push(ack ? { event, payload, ack } : { event, payload });
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  // ---- the test plays the server ----

  /** Delivers a server event to the page (inside act). */
  serverEmit(event: string, payload?: unknown): void {
    act(() => {
      for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
    });
  }

  /** The socket is connected and the server accepted the token. */
  authenticate(userId: number): void {
    this.connected = true;
    this.serverEmit('authenticated', { userId });
  }

  /** What was emitted under `event`, in order. */
  payloadsOf(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  /** Answers the last 'send_message' (inside act, with what follows the answer). */
  async ackLastSend(reply: unknown): Promise<void> {
    const last = [...this.emitted].reverse().find((e) => e.event === 'send_message');
    if (!last?.ack) throw new Error('no send_message with an ack');
    await act(async () => last.ack!(reply));
  }
}

export const sockets: FakeSocket[] = [];

export function lastSocket(): FakeSocket {
  const socket = sockets[sockets.length - 1];
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

export function resetSockets(): void {
  sockets.length = 0;
}

function io(urlOrOptions?: string | Record<string, unknown>, maybeOptions?: Record<string, unknown>): FakeSocket {
  const socket =
    typeof urlOrOptions === 'string' ? new FakeSocket(urlOrOptions, maybeOptions ?? {}) : new FakeSocket(undefined, urlOrOptions ?? {});
  sockets.push(socket);
  return socket;
}

export const socketIoModule = { io, default: io };
