import { act, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionWriter, type SessionUser } from 'shared-kernel';
import { admin, client, clientHugo, clientLea, httpError, message, supportAlice } from '../../test/fixtures';
import { lastSocket, resetSockets, sockets } from '../../test/fakeSocket';
import { mockMessagesApi } from '../../test/messagesApiMock';
import HeaderLink from '../fragments/HeaderLink';
import Notifier from '../fragments/Notifier';
import { resetRealtimeForTests } from '../realtime/connection';
import MessagingPage from './MessagingPage';

/** Rendered as the shell renders this remote: inside the tab's query client (a new one per test). */
function render(ui: ReactElement) {
  return renderBare(ui, { wrapper: QueryWrapper });
}

jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);

let api: ReturnType<typeof mockMessagesApi>;

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderPage(path = '/messagerie', extra: ReactNode = null) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {extra}
      <Routes>
        <Route path="/messagerie" element={<MessagingPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

function signIn(user: SessionUser) {
  window.localStorage.setItem('token', `jwt-${user.id}`);
  sessionWriter.signedIn(user);
}

function contactList(): HTMLElement {
  return screen.getByRole('complementary', { name: 'Conversations' });
}

function contactButton(name: RegExp | string): HTMLElement {
  return within(contactList()).getByRole('button', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name });
}

function conversation(): HTMLElement {
  return screen.getByRole('region', { name: /^Conversation avec/ });
}

function input(): HTMLTextAreaElement {
  return screen.getByLabelText('Votre message') as HTMLTextAreaElement;
}

/** Opens the conversation with `name` once the contacts are shown. */
async function open(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(within(conversation()).getByRole('heading', { name })).toBeTruthy());
  return user;
}

beforeEach(() => {
  resetRealtimeForTests();
  resetSockets();
  window.localStorage.clear();
  api = mockMessagesApi();
  api.conversations.mockResolvedValue([]);
  api.unreadCount.mockResolvedValue(0);
  api.conversation.mockResolvedValue([]);
  api.markRead.mockImplementation(async (ids: number[]) => ids);
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  signIn(client);
});

afterEach(() => {
  resetRealtimeForTests();
  sessionWriter.signedOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('contacts', () => {
  it('lists the contacts with their label and unread badge, most recent first (admin)', async () => {
    signIn(admin);
    api.conversations.mockResolvedValue([
      { ...clientHugo, nonLus: 12 },
      { ...clientLea, nonLus: 3 },
      { id: 4, nom: 'Bruno Admin', role: 'admin', photo: null, nonLus: 0 },
    ]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Hugo Bernard, Client, 12 messages non lus' })).toBeTruthy();
    const buttons = within(contactList()).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Hugo Bernard, Client, 12 messages non lus',
      'Léa Martin, Client, 3 messages non lus',
      'Bruno Admin, Support',
    ]);
    expect(buttons.map((b) => b.querySelector('.msg-badge')?.getAttribute('data-count') ?? null)).toEqual(['9+', '3', null]);
    expect(within(buttons[0]!).getByText('Client')).toBeTruthy();
    expect(within(buttons[2]!).getByText('Support')).toBeTruthy();
    // An admin is the support: no virtual contact, no 'Contacter le support'.
    expect(screen.queryByText('Équipe support')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contacter le support' })).toBeNull();
    expect(document.title).toBe('Messagerie | Séjours Messins');
  });

  it('shows the real admin to a client who already talked to one, with the Support label', async () => {
    api.conversations.mockResolvedValue([{ ...supportAlice, nonLus: 1 }]);
    renderPage();
    const alice = await screen.findByRole('button', { name: 'Alice Admin, Support, 1 message non lu' });
    expect(alice.querySelector('.msg-badge')?.getAttribute('data-count')).toBe('1');
    expect(screen.queryByText('Équipe support')).toBeNull();
    expect(screen.getByRole('button', { name: 'Contacter le support' })).toBeTruthy();
  });

  it('adds the virtual support contact first for a client with no admin among the contacts', async () => {
    api.conversations.mockResolvedValue([]);
    renderPage();
    const support = await screen.findByRole('button', { name: 'Équipe support, Support' });
    expect(within(contactList()).getAllByRole('listitem')[0]).toBe(support.parentElement);
    // Nothing is selected yet, and nothing is asked of the server for the virtual contact.
    expect(support.getAttribute('aria-current')).toBeNull();
    expect(api.conversation).not.toHaveBeenCalled();
  });

  it('shows only the support contact when the contacts cannot be loaded', async () => {
    api.conversations.mockRejectedValue(httpError(500));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Équipe support, Support' })).toBeTruthy();
    expect(within(contactList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('opens a conversation: header with name and label, messages, badge cleared, unread marked read', async () => {
    const mine = message({ senderId: 7, receiverId: 1, contenu: 'Bonjour, une question', lu: true });
    const theirs1 = message({ senderId: 1, receiverId: 7, contenu: 'Bonjour Marie' });
    const theirs2 = message({ senderId: 1, receiverId: 7, contenu: 'Que puis-je faire ?' });
    api.conversations.mockResolvedValue([{ ...supportAlice, nonLus: 2 }]);
    api.conversation.mockResolvedValue([mine, theirs1, theirs2]);
    renderPage();
    await open('Alice Admin');

    const panel = within(conversation());
    expect(panel.getByText('Support')).toBeTruthy();
    expect(api.conversation).toHaveBeenCalledWith(1);
    expect(await panel.findByText('Que puis-je faire ?')).toBeTruthy();
    const items = panel.getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual([
      'msg-message msg-message--mine',
      'msg-message msg-message--theirs',
      'msg-message msg-message--theirs',
    ]);
    expect(within(items[0]!).getByText('Lu')).toBeTruthy();
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith([theirs1.id, theirs2.id]));
    expect(contactButton('Alice Admin').textContent).not.toMatch(/non lu/);
  });

  it('shows an empty conversation when its messages cannot be loaded', async () => {
    api.conversations.mockResolvedValue([supportAlice]);
    api.conversation.mockRejectedValue(httpError(500));
    renderPage();
    await open('Alice Admin');
    expect(await within(conversation()).findByText('Aucun message pour le moment.')).toBeTruthy();
    expect(input()).toBeTruthy();
  });

  it('preselects ?contact=12, then replaces the address by /messagerie', async () => {
    signIn(admin);
    api.conversations.mockResolvedValue([clientLea, clientHugo]);
    renderPage('/messagerie?contact=12');
    expect(await within(await screen.findByRole('region', { name: 'Conversation avec Hugo Bernard' })).findByText('Client')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/messagerie');
    expect(api.conversation).toHaveBeenCalledWith(12);
    expect(contactButton('Hugo Bernard').getAttribute('aria-current')).toBe('true');
  });

  it('moves a contact who writes to the top with one more unread', async () => {
    signIn(admin);
    api.conversations.mockResolvedValue([clientLea, clientHugo]);
    renderPage();
    await open('Léa Martin');
    lastSocket().authenticate(1);
    lastSocket().serverEmit('new_message', message({ senderId: 12, receiverId: 1, contenu: 'Bonsoir' }));
    const buttons = within(contactList()).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Hugo Bernard, Client, 1 message non lu', 'Léa Martin, Client']);
    expect(api.markRead).not.toHaveBeenCalled();
  });

  it('reloads the contacts when someone new writes', async () => {
    signIn(admin);
    api.conversations.mockResolvedValueOnce([clientLea]).mockResolvedValueOnce([{ ...clientHugo, nonLus: 1 }, clientLea]);
    renderPage();
    await screen.findByRole('button', { name: /^Léa Martin/ });
    lastSocket().serverEmit('new_message', message({ senderId: 12, receiverId: 1, contenu: 'Premier message' }));
    expect(await screen.findByRole('button', { name: 'Hugo Bernard, Client, 1 message non lu' })).toBeTruthy();
  });
});

describe('the support contact', () => {
  it('writes to the virtual support with contacter-support, then shows the real admin instead', async () => {
    const sent = message({ senderId: 7, receiverId: 3, contenu: 'Une question sur ma réservation', type: 'support' });
    api.contactSupport.mockResolvedValue({ supportInfo: { adminId: 3, adminName: 'Sophie Support' }, message: sent });
    api.conversation.mockResolvedValue([sent]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contacter le support' }));
    expect(within(conversation()).getByRole('heading', { name: 'Équipe support' })).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(api.conversation).not.toHaveBeenCalled();

    await user.type(input(), '  Une question sur ma réservation {Enter}');
    expect(api.contactSupport).toHaveBeenCalledWith({ contenu: 'Une question sur ma réservation' });
    expect(api.send).not.toHaveBeenCalled();

    const panel = await screen.findByRole('region', { name: 'Conversation avec Sophie Support' });
    expect(within(panel).getByText('Support')).toBeTruthy();
    expect(await within(panel).findByText('Non lu')).toBeTruthy();
    expect(within(panel).getAllByText('Une question sur ma réservation')).toHaveLength(1);
    expect(screen.queryByText('Équipe support')).toBeNull();
    expect(contactButton('Sophie Support').getAttribute('aria-current')).toBe('true');
    expect(within(contactList()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(api.conversation).toHaveBeenCalledWith(3));

    // The next message goes to that admin directly.
    api.send.mockResolvedValue(message({ senderId: 7, receiverId: 3, contenu: 'Merci' }));
    await user.type(input(), 'Merci{Enter}');
    expect(api.send).toHaveBeenCalledWith({ receiverId: 3, contenu: 'Merci', type: 'general' });
    expect(api.contactSupport).toHaveBeenCalledTimes(1);
  });

  it('selects the real admin on Contacter le support when there is one', async () => {
    api.conversations.mockResolvedValue([supportAlice]);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Contacter le support' }));
    expect(within(conversation()).getByRole('heading', { name: 'Alice Admin' })).toBeTruthy();
    await waitFor(() => expect(api.conversation).toHaveBeenCalledWith(1));
  });
});

describe('sending', () => {
  beforeEach(() => {
    api.conversations.mockResolvedValue([supportAlice]);
  });

  it('shows the message at once as pending, then the server message (over the socket)', async () => {
    renderPage();
    const user = await open('Alice Admin');
    lastSocket().authenticate(7);
    await user.type(input(), 'Bonjour !{Enter}');

    expect(lastSocket().payloadsOf('send_message')).toEqual([{ receiverId: 1, contenu: 'Bonjour !', type: 'general' }]);
    const panel = within(conversation());
    expect(panel.getByText('Bonjour !')).toBeTruthy();
    expect(panel.getByText('Envoi en cours...')).toBeTruthy();
    expect(input().value).toBe('');
    expect(api.send).not.toHaveBeenCalled();

    const stored = message({ senderId: 7, receiverId: 1, contenu: 'Bonjour !' });
    await lastSocket().ackLastSend({ message: stored });
    expect(panel.queryByText('Envoi en cours...')).toBeNull();
    expect(panel.getByText('Non lu')).toBeTruthy();

    // The same message also comes as new_message: shown once.
    lastSocket().serverEmit('new_message', stored);
    expect(panel.getAllByText('Bonjour !')).toHaveLength(1);

    // Spec: 'Non lu' becomes 'Lu' when the contact reads it.
    lastSocket().serverEmit('messages_read', { receiverId: 1, messageIds: [stored.id] });
    expect(panel.getByText('Lu')).toBeTruthy();
    expect(panel.queryByText('Non lu')).toBeNull();
  });

  it('shows the message once when new_message comes before the answer', async () => {
    renderPage();
    const user = await open('Alice Admin');
    lastSocket().authenticate(7);
    await user.type(input(), 'Vite{Enter}');
    const stored = message({ senderId: 7, receiverId: 1, contenu: 'Vite' });
    lastSocket().serverEmit('new_message', stored);
    await lastSocket().ackLastSend({ message: stored });
    const panel = within(conversation());
    expect(panel.getAllByText('Vite')).toHaveLength(1);
    expect(panel.getByText('Non lu')).toBeTruthy();
  });

  it('sends over HTTP when the socket is not connected', async () => {
    const stored = message({ senderId: 7, receiverId: 1, contenu: 'Par HTTP' });
    let answer: (m: typeof stored) => void = () => undefined;
    api.send.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    const user = await open('Alice Admin');
    await user.click(input());
    await user.keyboard('Par HTTP');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(api.send).toHaveBeenCalledWith({ receiverId: 1, contenu: 'Par HTTP', type: 'general' });
    expect(lastSocket().payloadsOf('send_message')).toEqual([]);
    expect(within(conversation()).getByText('Envoi en cours...')).toBeTruthy();
    await act(async () => answer(stored));
    expect(within(conversation()).getByText('Non lu')).toBeTruthy();
  });

  it("flags a failed message 'Échec de l'envoi' and alerts", async () => {
    api.send.mockRejectedValue(httpError(429, 'Vous envoyez trop de messages. Patientez quelques secondes.'));
    renderPage();
    const user = await open('Alice Admin');
    await user.type(input(), 'Encore un{Enter}');
    expect(await within(conversation()).findByText("Échec de l'envoi")).toBeTruthy();
    expect(within(conversation()).getByText('Encore un')).toBeTruthy();
    expect(within(conversation()).queryByText('Envoi en cours...')).toBeNull();
    expect(window.alert).toHaveBeenCalledWith("Erreur lors de l'envoi du message. Veuillez réessayer.");
  });

  it("offers 'Réessayer' on a failed message, which sends it again once the connection is back", async () => {
    api.send.mockRejectedValueOnce(new Error('Network Error'));
    renderPage();
    const user = await open('Alice Admin');
    await user.type(input(), 'Je réessaie{Enter}');
    expect(await within(conversation()).findByText("Échec de l'envoi")).toBeTruthy();
    const retry = within(conversation()).getByRole('button', { name: 'Réessayer' });

    let answer: (message: unknown) => void = () => undefined;
    api.send.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    await user.click(retry);
    expect(api.send).toHaveBeenLastCalledWith({ receiverId: 1, contenu: 'Je réessaie', type: 'general' });
    expect(within(conversation()).getByText('Envoi en cours...')).toBeTruthy();
    expect(within(conversation()).queryByText("Échec de l'envoi")).toBeNull();
    expect(within(conversation()).getAllByText('Je réessaie')).toHaveLength(1);
    await act(async () => answer(message({ senderId: 7, receiverId: 1, contenu: 'Je réessaie' })));
    expect(within(conversation()).getByText('Non lu')).toBeTruthy();
    expect(within(conversation()).queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('flags a message the socket refused', async () => {
    renderPage();
    const user = await open('Alice Admin');
    lastSocket().authenticate(7);
    await user.type(input(), 'Refusé{Enter}');
    await lastSocket().ackLastSend({ error: 'Vous envoyez trop de messages. Patientez quelques secondes.', status: 429 });
    expect(await within(conversation()).findByText("Échec de l'envoi")).toBeTruthy();
    expect(window.alert).toHaveBeenCalledWith("Erreur lors de l'envoi du message. Veuillez réessayer.");
  });

  it('ignores empty and whitespace-only text; Shift+Enter goes to a new line', async () => {
    renderPage();
    const user = await open('Alice Admin');
    lastSocket().authenticate(7);
    const send = screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input(), '   ');
    expect(send.disabled).toBe(true);
    await user.keyboard('{Enter}');
    await user.click(send);
    expect(lastSocket().payloadsOf('send_message')).toEqual([]);
    expect(api.send).not.toHaveBeenCalled();

    await user.clear(input());
    await user.type(input(), 'Ligne 1{Shift>}{Enter}{/Shift}Ligne 2');
    expect(input().value).toBe('Ligne 1\nLigne 2');
    expect(lastSocket().payloadsOf('send_message')).toEqual([]);
    await user.keyboard('{Enter}');
    expect(lastSocket().payloadsOf('send_message')).toEqual([{ receiverId: 1, contenu: 'Ligne 1\nLigne 2', type: 'general' }]);
  });
});

describe('live conversation', () => {
  beforeEach(() => {
    api.conversations.mockResolvedValue([supportAlice]);
  });

  it('shows an incoming message of the open conversation and marks it read at once', async () => {
    renderPage();
    await open('Alice Admin');
    await waitFor(() => expect(api.conversation).toHaveBeenCalled());
    lastSocket().authenticate(7);
    const incoming = message({ senderId: 1, receiverId: 7, contenu: 'Votre appartement est prêt.' });
    lastSocket().serverEmit('new_message', incoming);
    expect(within(conversation()).getByText('Votre appartement est prêt.')).toBeTruthy();
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith([incoming.id]));
    // Not in another conversation.
    lastSocket().serverEmit('new_message', message({ senderId: 4, receiverId: 7, contenu: 'Autre' }));
    expect(within(conversation()).queryByText('Autre')).toBeNull();
    // Someone new: the contacts are asked again.
    await act(async () => undefined);
    expect(api.conversations).toHaveBeenCalledTimes(2);
  });

  it("shows '{nom} est en train d'écrire…' while the contact types", async () => {
    renderPage();
    await open('Alice Admin');
    lastSocket().authenticate(7);
    lastSocket().serverEmit('typing_start', { senderId: 1 });
    expect(within(conversation()).getByText("Alice Admin est en train d'écrire…")).toBeTruthy();
    lastSocket().serverEmit('typing_stop', { senderId: 1 });
    expect(within(conversation()).queryByText("Alice Admin est en train d'écrire…")).toBeNull();
    // Someone else typing is not shown here.
    lastSocket().serverEmit('typing_start', { senderId: 4 });
    expect(within(conversation()).queryByText(/est en train d'écrire/)).toBeNull();
  });

  it('emits typing_start when the input goes from empty to non-empty, typing_stop after 1 s or when emptied', async () => {
    renderPage();
    await open('Alice Admin');
    lastSocket().authenticate(7);
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const socket = lastSocket();

    await user.type(input(), 'Bon');
    expect(socket.payloadsOf('typing_start')).toEqual([{ receiverId: 1 }]);
    expect(socket.payloadsOf('typing_stop')).toEqual([]);
    act(() => jest.advanceTimersByTime(999));
    expect(socket.payloadsOf('typing_stop')).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(socket.payloadsOf('typing_stop')).toEqual([{ receiverId: 1 }]);

    await user.clear(input());
    await user.type(input(), 'B');
    expect(socket.payloadsOf('typing_start')).toHaveLength(2);
    await user.clear(input());
    expect(socket.payloadsOf('typing_stop')).toHaveLength(2);
    act(() => jest.advanceTimersByTime(2000));
    expect(socket.payloadsOf('typing_stop')).toHaveLength(2);
  });
});

describe('one connection', () => {
  it('shares one socket between the page, the header link and the notifier', async () => {
    window.localStorage.setItem('token', 'jwt-marie');
    api.conversations.mockResolvedValue([supportAlice]);
    api.unreadCount.mockResolvedValue(2);
    renderPage(
      '/messagerie',
      <>
        <HeaderLink />
        <Notifier />
      </>,
    );
    await screen.findByRole('button', { name: /^Alice Admin/ });
    expect(sockets).toHaveLength(1);
    expect(lastSocket().url).toBeUndefined();
    expect(lastSocket().options).toEqual({
      path: '/socket.io',
      auth: { token: 'jwt-marie' },
      withCredentials: true,
      transports: ['websocket'],
    });
    expect(await screen.findByRole('link', { name: 'Messagerie, 2 messages non lus' })).toBeTruthy();
    expect(api.unreadCount).toHaveBeenCalledTimes(1);
  });
});
