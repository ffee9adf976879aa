import { act, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { MemoryRouter } from 'react-router-dom';
import { sessionWriter } from 'shared-kernel';
import { admin, client, message } from '../../test/fixtures';
import { lastSocket, resetSockets, sockets } from '../../test/fakeSocket';
import { mockMessagesApi } from '../../test/messagesApiMock';
import { resetRealtimeForTests } from '../realtime/connection';
import HeaderLink from './HeaderLink';

/** Rendered as the shell renders this remote: inside the tab's query client (a new one per test). */
function render(ui: ReactElement) {
  return renderBare(ui, { wrapper: QueryWrapper });
}

jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);

let api: ReturnType<typeof mockMessagesApi>;

function renderLink(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <HeaderLink />
    </MemoryRouter>,
  );
}

function link(): HTMLElement {
  return screen.getByRole('link', { name: /^Messagerie/ });
}

function badge(): string | null {
  return link().querySelector('.msg-badge')?.getAttribute('data-count') ?? null;
}

beforeEach(() => {
  resetRealtimeForTests();
  resetSockets();
  api = mockMessagesApi();
  api.unreadCount.mockResolvedValue(0);
  api.conversations.mockResolvedValue([]);
  sessionWriter.signedIn(client);
});

afterEach(() => {
  resetRealtimeForTests();
  sessionWriter.signedOut();
});

describe('HeaderLink', () => {
  it('links to /messagerie like the other header links, with no badge at 0', async () => {
    renderLink();
    await act(async () => undefined);
    expect(link().getAttribute('href')).toBe('/messagerie');
    expect(link().className).toBe('sh-nav__link msg-header-link');
    expect(link().textContent).toBe('Messagerie');
    expect(screen.getByRole('link', { name: 'Messagerie' })).toBeTruthy();
    expect(badge()).toBeNull();
  });

  it('is marked active on the messaging page', () => {
    renderLink('/messagerie');
    expect(link().className).toBe('sh-nav__link msg-header-link sh-nav__link--active');
  });

  it.each([
    [1, '1', 'Messagerie, 1 message non lu'],
    [3, '3', 'Messagerie, 3 messages non lus'],
    [9, '9', 'Messagerie, 9 messages non lus'],
    [10, '9+', 'Messagerie, 10 messages non lus'],
    [42, '9+', 'Messagerie, 42 messages non lus'],
  ])('shows %i unread as %s', async (count, shown, name) => {
    api.unreadCount.mockResolvedValue(count);
    renderLink();
    expect(await screen.findByRole('link', { name })).toBeTruthy();
    expect(badge()).toBe(shown);
  });

  it('counts new messages addressed to me, once each, and subtracts what gets read', async () => {
    api.unreadCount.mockResolvedValue(2);
    renderLink();
    await screen.findByRole('link', { name: 'Messagerie, 2 messages non lus' });
    const socket = lastSocket();
    socket.authenticate(7);

    const first = message({ senderId: 1, receiverId: 7 });
    socket.serverEmit('new_message', first);
    socket.serverEmit('new_message', first);
    expect(badge()).toBe('3');
    // My own message (from another tab) does not count.
    socket.serverEmit('new_message', message({ senderId: 7, receiverId: 1 }));
    expect(badge()).toBe('3');

    // Read in another tab of mine (or marked read here): down once per id.
    socket.serverEmit('messages_read', { receiverId: 7, messageIds: [first.id, 55] });
    socket.serverEmit('messages_read', { receiverId: 7, messageIds: [first.id] });
    expect(badge()).toBe('1');
    // The admin read my messages: my badge does not change.
    socket.serverEmit('messages_read', { receiverId: 1, messageIds: [60] });
    expect(badge()).toBe('1');
    socket.serverEmit('messages_read', { receiverId: 7, messageIds: [56, 57] });
    expect(badge()).toBeNull();
    expect(link().textContent).toBe('Messagerie');
  });

  it('starts again from the server after a reconnection', async () => {
    api.unreadCount.mockResolvedValueOnce(1).mockResolvedValueOnce(4);
    renderLink();
    await screen.findByRole('link', { name: 'Messagerie, 1 message non lu' });
    lastSocket().authenticate(7);
    lastSocket().serverEmit('disconnect', 'transport close');
    lastSocket().authenticate(7);
    expect(await screen.findByRole('link', { name: 'Messagerie, 4 messages non lus' })).toBeTruthy();
    expect(sockets).toHaveLength(1);
  });

  it('forgets the count on sign-out and opens a new connection for the next user', async () => {
    api.unreadCount.mockResolvedValueOnce(5).mockResolvedValueOnce(1);
    renderLink();
    await screen.findByRole('link', { name: 'Messagerie, 5 messages non lus' });
    const first = lastSocket();
    act(() => sessionWriter.signedOut());
    expect(first.disconnected).toBe(true);
    expect(badge()).toBeNull();
    // A late event of the closed socket changes nothing.
    first.serverEmit('new_message', message({ senderId: 1, receiverId: 7 }));
    expect(badge()).toBeNull();

    act(() => sessionWriter.signedIn(admin));
    expect(sockets).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'Messagerie, 1 message non lu' })).toBeTruthy();
  });
});
