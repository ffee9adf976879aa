/**
 * A test's socket to the API's realtime endpoint as the site opens it: websocket only, a new
 * connection each time (never one shared with another test's socket), no reconnection.
 */
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export function openSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Socket {
  return connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, ...options });
}
