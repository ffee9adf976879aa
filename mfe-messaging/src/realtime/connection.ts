/**
 * The one realtime connection of a tab, shared by the messaging page and the fragments (header link,
 * notifier, conversation): every exposed module of this remote comes from the same federation
 * container, so they all see this module's single instance.
 *
 * It follows the session: a socket is opened when a user is signed in and closed on sign-out (or
 * when another user signs in). It keeps the unread count for the header badge (GET /messages/non-lus,
 * then +1 for each new message addressed to me, minus what gets marked read), the contact whose
 * conversation is open (the notifier stays quiet for it), and dispatches the server's events.
 */
import { io, type Socket } from 'socket.io-client';
import { decodeMessage, getRuntimeConfig, getSession, messagesApi, readToken, subscribeSession, type SessionState } from 'shared-kernel';
import type { Message, MessagesRead, NewMessage, TypingEvent } from 'shared-kernel';

/**
 * offline: no user, or not connected; connecting: socket opened, not authenticated yet;
 * online: authenticated (messages go over the socket); refused: the server refused the token
 * (messages go over HTTP).
 */
export type RealtimeStatus = 'offline' | 'connecting' | 'online' | 'refused';

export interface RealtimeState {
  userId: number | null;
  status: RealtimeStatus;
  unread: number;
  /** The contact whose conversation is on screen, if any. */
  openContactId: number | null;
}

export interface RealtimeEvents {
  new_message: Message;
  messages_read: MessagesRead;
  typing_start: TypingEvent;
  typing_stop: TypingEvent;
  /** The socket is back after a cut: what was missed should be reloaded. */
  resync: null;
}

export type RealtimeEvent = keyof RealtimeEvents;

export const SOCKET_PATH = '/socket.io';
/** How long a message sent over the socket waits for the server's answer. */
export const ACK_TIMEOUT_MS = 10_000;

const INITIAL: RealtimeState = { userId: null, status: 'offline', unread: 0, openContactId: null };

let state: RealtimeState = INITIAL;
let socket: Socket | null = null;
/** Bumped on every sign-in/sign-out, so a late answer of an older session is ignored. */
let generation = 0;
let wasOnline = false;
let stopSession: (() => void) | null = null;
/** Message ids already counted (new) and already subtracted (read), so nothing counts twice. */
let seenIds = new Set<number>();
let readIds = new Set<number>();

const stateListeners = new Set<() => void>();
const eventListeners = new Map<RealtimeEvent, Set<(payload: never) => void>>();

function setState(patch: Partial<RealtimeState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as Array<keyof RealtimeState>).every((key) => next[key] === state[key])) return;
  state = next;
  stateListeners.forEach((listener) => listener());
}

function dispatch<K extends RealtimeEvent>(event: K, payload: RealtimeEvents[K]): void {
  const listeners = eventListeners.get(event);
  if (!listeners) return;
  for (const listener of [...listeners]) (listener as (p: RealtimeEvents[K]) => void)(payload);
}

export function getRealtimeState(): RealtimeState {
  return state;
}

export function subscribeRealtime(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

/** Listens to a server event (or 'resync'); returns the function that stops listening. */
export function onRealtime<K extends RealtimeEvent>(event: K, listener: (payload: RealtimeEvents[K]) => void): () => void {
  let listeners = eventListeners.get(event);
  if (!listeners) {
    listeners = new Set();
    eventListeners.set(event, listeners);
  }
  const stored = listener as (payload: never) => void;
  listeners.add(stored);
  return () => {
    eventListeners.get(event)?.delete(stored);
  };
}

/** Remembers ids up to a bound: a long-lived tab must not grow without limit. */
function remember(set: Set<number>, id: number): void {
  set.add(id);
  if (set.size > 2000) {
    const oldest = set.values().next().value;
    if (oldest !== undefined) set.delete(oldest);
  }
}

/** Messages addressed to me were marked read (here or in another tab): the badge goes down once per id. */
export function noteRead(messageIds: readonly number[]): void {
  let fresh = 0;
  for (const id of messageIds) {
    if (readIds.has(id)) continue;
    remember(readIds, id);
    fresh += 1;
  }
  if (fresh > 0) setState({ unread: Math.max(0, state.unread - fresh) });
}

export function setOpenContact(contactId: number | null): void {
  setState({ openContactId: contactId });
}

/** Forgets the open contact if it is still `contactId` (a panel that unmounts). */
export function clearOpenContact(contactId: number | null): void {
  if (state.openContactId === contactId) setState({ openContactId: null });
}

async function refreshUnread(): Promise<void> {
  const asked = generation;
  try {
    const count = await messagesApi.unreadCount();
    if (asked === generation) setState({ unread: count });
  } catch {
    // The badge keeps its value; the next reconnection asks again.
  }
}

/** The socket goes to the API's origin: the page's own, unless the API base is an absolute URL. */
function socketOrigin(): string | undefined {
  const base = getRuntimeConfig().apiBaseUrl;
  if (!/^https?:\/\//i.test(base)) return undefined;
  try {
    return new URL(base).origin;
  } catch {
    return undefined;
  }
}

function handleNewMessage(raw: unknown): void {
  const message = decodeMessage(raw);
  if (!message) return;
  // A message comes once per tab, but a reconnection may replay: count and dispatch each id once.
  if (seenIds.has(message.id)) return;
  remember(seenIds, message.id);
  if (
    state.userId !== null &&
    message.receiverId === state.userId &&
    message.senderId !== state.userId &&
    !message.lu &&
    !readIds.has(message.id)
  ) {
    setState({ unread: state.unread + 1 });
  }
  dispatch('new_message', message);
}

function handleMessagesRead(raw: unknown): void {
  const payload = raw as Partial<MessagesRead> | null;
  if (!payload || typeof payload.receiverId !== 'number' || !Array.isArray(payload.messageIds)) return;
  const messageIds = payload.messageIds.filter((id): id is number => typeof id === 'number');
  // Read in another tab of mine: the badge follows.
  if (payload.receiverId === state.userId) noteRead(messageIds);
  dispatch('messages_read', { receiverId: payload.receiverId, messageIds });
}

function typingHandler(event: 'typing_start' | 'typing_stop') {
  return (raw: unknown): void => {
    const senderId = (raw as Partial<TypingEvent> | null)?.senderId;
    if (typeof senderId === 'number') dispatch(event, { senderId });
  };
}

function connect(userId: number): void {
  // WebSocket only: long-polling's follow-up requests must reach the process that opened the
  // session, which a load balancer over several API processes does not guarantee without sticky sessions.
  const options = { path: SOCKET_PATH, auth: { token: readToken() }, withCredentials: true, transports: ['websocket'] };
  const origin = socketOrigin();
  const next = origin === undefined ? io(options) : io(origin, options);
  socket = next;
  setState({ status: 'connecting' });

  next.on('authenticated', (payload: { userId?: unknown } | undefined) => {
    if (socket !== next) return;
    if (payload?.userId !== undefined && payload.userId !== userId) return;
    setState({ status: 'online' });
    if (wasOnline) {
      // Back after a cut: the badge and the open conversation may have missed messages.
      void refreshUnread();
      dispatch('resync', null);
    }
    wasOnline = true;
  });
  next.on('auth_error', () => {
    if (socket === next) setState({ status: 'refused' });
  });
  next.on('disconnect', () => {
    if (socket === next) setState({ status: 'offline' });
  });
  next.on('connect_error', () => {
    if (socket === next && state.status !== 'refused') setState({ status: 'offline' });
  });
  next.on('new_message', handleNewMessage);
  next.on('messages_read', handleMessagesRead);
  next.on('typing_start', typingHandler('typing_start'));
  next.on('typing_stop', typingHandler('typing_stop'));
}

function disconnect(): void {
  const current = socket;
  socket = null;
  if (current) {
    current.removeAllListeners();
    current.disconnect();
  }
}

function follow(session: SessionState): void {
  const userId = session.user?.id ?? null;
  if (userId === state.userId) return;
  generation += 1;
  disconnect();
  wasOnline = false;
  seenIds = new Set();
  readIds = new Set();
  setState({ ...INITIAL, openContactId: state.openContactId, userId });
  if (userId === null) return;
  connect(userId);
  void refreshUnread();
}

/** Starts following the session (once per tab); every component of this remote calls it. */
export function ensureRealtime(): void {
  if (stopSession) return;
  stopSession = subscribeSession(follow);
  follow(getSession());
}

/** Whether messages can go over the socket right now. */
export function isOnline(): boolean {
  return socket !== null && socket.connected && state.status === 'online';
}

export class SendFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/**
 * Sends over the socket and waits for the server's answer (the stored message, or an error).
 * Returns null when the socket is not usable: the caller then uses HTTP.
 */
export function sendOverSocket(input: NewMessage): Promise<Message> | null {
  const current = socket;
  if (!current || !isOnline()) return null;
  return new Promise<Message>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new SendFailure('Pas de réponse du serveur.'));
    }, ACK_TIMEOUT_MS);
    current.emit('send_message', input, (reply: { message?: unknown; error?: unknown; status?: unknown } | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const message = decodeMessage(reply?.message);
      if (message) {
        remember(seenIds, message.id);
        resolve(message);
      } else {
        reject(
          new SendFailure(
            typeof reply?.error === 'string' ? reply.error : "Échec de l'envoi.",
            typeof reply?.status === 'number' ? reply.status : undefined,
          ),
        );
      }
    });
  });
}

/** Tells a contact that I started or stopped typing (only while connected: never queued). */
export function emitTyping(event: 'typing_start' | 'typing_stop', receiverId: number): void {
  if (socket && isOnline()) socket.emit(event, { receiverId });
}

/** For tests: closes the socket and forgets everything, listeners included. */
export function resetRealtimeForTests(): void {
  stopSession?.();
  stopSession = null;
  disconnect();
  generation += 1;
  wasOnline = false;
  seenIds = new Set();
  readIds = new Set();
  state = INITIAL;
  eventListeners.clear();
  stateListeners.forEach((listener) => listener());
}
