import { act, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionWriter } from 'shared-kernel';
import { admin, client, clientHugo, clientLea, message, supportAlice } from '../../test/fixtures';
import { lastSocket, resetSockets, sockets } from '../../test/fakeSocket';
import { mockMessagesApi } from '../../test/messagesApiMock';
import MessagingPage from '../pages/MessagingPage';
import { resetRealtimeForTests } from '../realtime/connection';
import Notifier, { TOAST_MS } from './Notifier';

/** Rendered as the shell renders this remote: inside the tab's query client (a new one per test). */
function render(ui: ReactElement) {
  return renderBare(ui, { wrapper: QueryWrapper });
}

jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);

let api: ReturnType<typeof mockMessagesApi>;
const LONG_TEXT = 'Bonjour Marie, votre appartement est prêt pour votre arrivée demain.';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderNotifier(path = '/profile') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Notifier />
      <Routes>
        <Route path="/messagerie" element={<MessagingPage />} />
        <Route path="*" element={<p>Autre page</p>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

function toastRegion(): HTMLElement {
  return document.querySelector('.msg-toasts') as HTMLElement;
}

let play: jest.Mock;
let audio: jest.SpyInstance;

beforeEach(() => {
  resetRealtimeForTests();
  resetSockets();
  api = mockMessagesApi();
  api.conversations.mockResolvedValue([supportAlice]);
  api.unreadCount.mockResolvedValue(0);
  api.conversation.mockResolvedValue([]);
  api.markRead.mockImplementation(async (ids: number[]) => ids);
  play = jest.fn().mockResolvedValue(undefined);
  audio = jest.spyOn(window, 'Audio').mockImplementation(() => ({ play }) as unknown as HTMLAudioElement);
  sessionWriter.signedIn(client);
});

afterEach(() => {
  resetRealtimeForTests();
  sessionWriter.signedOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Notifier', () => {
  it('shows nothing until a message comes', () => {
    renderNotifier();
    expect(toastRegion().textContent).toBe('');
    expect(screen.getByRole('status')).toBe(toastRegion());
  });

  it('raises a toast with the sender and a 30-character preview for 5 s, with a sound', async () => {
    jest.useFakeTimers();
    renderNotifier();
    lastSocket().authenticate(7);
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: LONG_TEXT }));

    const toast = within(screen.getByRole('status'));
    expect(await toast.findByText('Alice Admin')).toBeTruthy();
    expect(toast.getByText('Bonjour Marie, votre apparteme…')).toBeTruthy();
    expect('Bonjour Marie, votre apparteme'.length).toBe(30);
    expect(audio).toHaveBeenCalledWith('test-file-stub');
    expect(play).toHaveBeenCalledTimes(1);

    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(toast.getByText('Alice Admin')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(toast.queryByText('Alice Admin')).toBeNull();
    expect(toastRegion().textContent).toBe('');
    expect(TOAST_MS).toBe(5000);
  });

  it('shows a short text whole', async () => {
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Merci !' }));
    expect(await within(screen.getByRole('status')).findByText('Merci !')).toBeTruthy();
  });

  it('opens the conversation when clicked', async () => {
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Une réponse' }));
    const open = await screen.findByRole('button', { name: /Alice Admin/ });
    await userEvent.setup().click(open);
    expect(screen.getByTestId('location').textContent).toBe('/messagerie');
    expect(await screen.findByRole('region', { name: 'Conversation avec Alice Admin' })).toBeTruthy();
    expect(api.conversation).toHaveBeenCalledWith(1);
    expect(toastRegion().textContent).toBe('');
  });

  it('goes to /messagerie?contact={senderId}', async () => {
    render(
      <MemoryRouter initialEntries={['/profile']}>
        <Notifier />
        <LocationProbe />
      </MemoryRouter>,
    );
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Une réponse' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: /Alice Admin/ }));
    expect(screen.getByTestId('location').textContent).toBe('/messagerie?contact=1');
  });

  it('can be closed', async () => {
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Une réponse' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Fermer la notification' }));
    expect(toastRegion().textContent).toBe('');
  });

  it('stays quiet for the open conversation and for my own messages, not for another contact', async () => {
    sessionWriter.signedIn(admin);
    api.conversations.mockResolvedValue([clientHugo, clientLea]);
    renderNotifier('/messagerie');
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Hugo Bernard/ }));
    await screen.findByRole('region', { name: 'Conversation avec Hugo Bernard' });

    lastSocket().serverEmit('new_message', message({ senderId: 12, receiverId: 1, contenu: 'De Hugo' }));
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 15, contenu: 'Envoyé depuis un autre onglet' }));
    await act(async () => undefined);
    expect(toastRegion().textContent).toBe('');
    expect(play).not.toHaveBeenCalled();

    lastSocket().serverEmit('new_message', message({ senderId: 15, receiverId: 1, contenu: 'De Léa' }));
    const toast = within(screen.getByRole('status'));
    expect(await toast.findByText('Léa Martin')).toBeTruthy();
    expect(toast.getByText('De Léa')).toBeTruthy();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('names a sender not known yet by asking the contacts again', async () => {
    sessionWriter.signedIn(admin);
    api.conversations.mockResolvedValue([{ ...clientHugo, nonLus: 1 }]);
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 12, receiverId: 1, contenu: 'Premier message' }));
    expect(await within(screen.getByRole('status')).findByText('Hugo Bernard')).toBeTruthy();
    expect(api.conversations).toHaveBeenCalledTimes(1);
  });

  it('still raises the toast when the sender cannot be named', async () => {
    api.conversations.mockRejectedValue(new Error('réseau'));
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Bonjour' }));
    expect(await within(screen.getByRole('status')).findByText('Équipe support')).toBeTruthy();
  });

  it('keeps the toast off screen after sign-out, and closes the socket', async () => {
    renderNotifier();
    lastSocket().serverEmit('new_message', message({ senderId: 1, receiverId: 7, contenu: 'Bonjour' }));
    await within(screen.getByRole('status')).findByText('Alice Admin');
    act(() => sessionWriter.signedOut());
    await waitFor(() => expect(toastRegion().textContent).toBe(''));
    expect(sockets[0]!.disconnected).toBe(true);
  });
});
