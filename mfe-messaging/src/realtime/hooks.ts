/** React access to the tab's realtime connection (see connection.ts). */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  ensureRealtime,
  getRealtimeState,
  onRealtime,
  subscribeRealtime,
  type RealtimeEvent,
  type RealtimeEvents,
  type RealtimeState,
} from './connection';

/**
 * A value of the realtime state; the selector must return a primitive (or a stable value).
 * Using it also makes sure the connection follows the session.
 */
export function useRealtime<T>(selector: (state: RealtimeState) => T): T {
  useEffect(() => ensureRealtime(), []);
  return useSyncExternalStore(subscribeRealtime, () => selector(getRealtimeState()));
}

/** Calls the latest `handler` for each `event` while the component is mounted. */
export function useRealtimeEvent<K extends RealtimeEvent>(event: K, handler: (payload: RealtimeEvents[K]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    ensureRealtime();
    return onRealtime(event, (payload) => latest.current(payload));
  }, [event]);
}
