import { act } from '@testing-library/react';
import { sessionWriter, setRuntimeConfig } from 'shared-kernel';
import { admin, client, message } from '../../test/fixtures';
import { lastSocket, resetSockets, sockets } from '../../test/fakeSocket';
import { mockMessagesApi } from '../../test/messagesApiMock';
import {
  ACK_TIMEOUT_MS,
  emitTyping,
  ensureRealtime,
  getRealtimeState,
  onRealtime,
  resetRealtimeForTests,
  sendOverSocket,
} from './connection';

jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);

let api: ReturnType<typeof mockMessagesApi>;

beforeEach(() => {
  resetRealtimeForTests();
  resetSockets();
  window.localStorage.clear();
  window.sessionStorage.clear();
  api = mockMessagesApi();
  api.unreadCount.mockResolvedValue(0);
  sessionWriter.signedOut();
  setRuntimeConfig({ apiBaseUrl: '/api' });
});

afterEach(() => {
  resetRealtimeForTests();
  sessionWriter.signedOut();
  jest.useRealTimers();
});

describe('the realtime connection', () => {
  it('opens no socket for a visitor, one when a user signs in, and closes it on sign-out', () => {
    ensureRealtime();
    ensureRealtime();
    expect(sockets).toHaveLength(0);
    window.sessionStorage.setItem('token', 'jwt-session');
    sessionWriter.signedIn(client);
    expect(sockets).toHaveLength(1);
    expect(lastSocket().options).toEqual({
      path: '/socket.io',
      auth: { token: 'jwt-session' },
      withCredentials: true,
      transports: ['websocket'],
    });
    expect(getRealtimeState()).toMatchObject({ userId: 7, status: 'connecting' });
    lastSocket().authenticate(7);
    expect(getRealtimeState().status).toBe('online');
    sessionWriter.signedIn({ ...client, name: 'Marie D.' });
    expect(sockets).toHaveLength(1);
    sessionWriter.signedOut();
    expect(lastSocket().disconnected).toBe(true);
    expect(getRealtimeState()).toMatchObject({ userId: null, status: 'offline', unread: 0 });
  });

  it('goes to the API origin when the API base is an absolute address', () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.sejours.example/api' });
    sessionWriter.signedIn(client);
    ensureRealtime();
    expect(lastSocket().url).toBe('https://api.sejours.example');
  });

  it('ignores an unread count that comes back after sign-out', async () => {
    let answer: (n: number) => void = () => undefined;
    api.unreadCount.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    sessionWriter.signedIn(client);
    ensureRealtime();
    sessionWriter.signedOut();
    await act(async () => answer(6));
    expect(getRealtimeState().unread).toBe(0);
  });

  it('sends over the socket only once authenticated, and fails when no answer comes', async () => {
    jest.useFakeTimers();
    sessionWriter.signedIn(client);
    ensureRealtime();
    const input = { receiverId: 1, contenu: 'Bonjour', type: 'general' as const };
    expect(sendOverSocket(input)).toBeNull();
    lastSocket().authenticate(7);
    const sent = sendOverSocket(input);
    expect(sent).not.toBeNull();
    expect(lastSocket().payloadsOf('send_message')).toEqual([input]);
    jest.advanceTimersByTime(ACK_TIMEOUT_MS);
    await expect(sent).rejects.toThrow('Pas de réponse du serveur.');
  });

  it('uses HTTP when the server refuses the token', () => {
    sessionWriter.signedIn(client);
    ensureRealtime();
    lastSocket().serverEmit('auth_error', { message: 'Session invalide ou expirée. Veuillez vous reconnecter.' });
    expect(getRealtimeState().status).toBe('refused');
    expect(sendOverSocket({ receiverId: 1, contenu: 'x' })).toBeNull();
    emitTyping('typing_start', 1);
    expect(lastSocket().payloadsOf('typing_start')).toEqual([]);
  });

  it('ignores the authentication of another user', () => {
    sessionWriter.signedIn(admin);
    ensureRealtime();
    lastSocket().authenticate(7);
    expect(getRealtimeState().status).toBe('connecting');
  });

  it('tells listeners about a reconnection, not about the first connection', () => {
    const resync = jest.fn();
    const stop = onRealtime('resync', resync);
    sessionWriter.signedIn(client);
    ensureRealtime();
    lastSocket().authenticate(7);
    expect(resync).not.toHaveBeenCalled();
    lastSocket().serverEmit('disconnect', 'transport close');
    expect(getRealtimeState().status).toBe('offline');
    lastSocket().authenticate(7);
    expect(resync).toHaveBeenCalledTimes(1);
    stop();
  });

  it('drops malformed events', () => {
    const received = jest.fn();
    onRealtime('new_message', received);
    sessionWriter.signedIn(client);
    ensureRealtime();
    lastSocket().serverEmit('new_message', { contenu: 'sans id' });
    lastSocket().serverEmit('new_message', null);
    expect(received).not.toHaveBeenCalled();
    const ok = message({ senderId: 1, receiverId: 7 });
    lastSocket().serverEmit('new_message', ok);
    expect(received).toHaveBeenCalledWith(ok);
  });
});
