import { act, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { sessionWriter } from 'shared-kernel';
import { admin, clientHugo, message } from '../../test/fixtures';
import { lastSocket, resetSockets, sockets } from '../../test/fakeSocket';
import { mockMessagesApi } from '../../test/messagesApiMock';
import { getRealtimeState, resetRealtimeForTests } from '../realtime/connection';
import Conversation from './Conversation';
import Notifier from './Notifier';

/** Rendered as the shell renders this remote: inside the tab's query client (a new one per test). */
function render(ui: ReactElement) {
  return renderBare(ui, { wrapper: QueryWrapper });
}

jest.mock('socket.io-client', () => require('../../test/fakeSocket').socketIoModule);

let api: ReturnType<typeof mockMessagesApi>;

function renderFragment(props: { contactId: number; nom?: string }) {
  return render(
    <MemoryRouter>
      <Notifier />
      <Conversation {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetRealtimeForTests();
  resetSockets();
  api = mockMessagesApi();
  api.conversations.mockResolvedValue([clientHugo]);
  api.unreadCount.mockResolvedValue(0);
  api.conversation.mockResolvedValue([]);
  api.markRead.mockImplementation(async (ids: number[]) => ids);
  jest.spyOn(window, 'Audio').mockImplementation(() => ({ play: () => Promise.resolve() }) as unknown as HTMLAudioElement);
  sessionWriter.signedIn(admin);
});

afterEach(() => {
  resetRealtimeForTests();
  sessionWriter.signedOut();
  jest.restoreAllMocks();
});

describe('Conversation fragment', () => {
  it("shows 'Aucun message avec ce client' for a client with no message yet", async () => {
    renderFragment({ contactId: 12, nom: 'Hugo Bernard' });
    const panel = screen.getByRole('region', { name: 'Conversation avec Hugo Bernard' });
    expect(within(panel).getByRole('heading', { name: 'Hugo Bernard' })).toBeTruthy();
    expect(within(panel).getByText('Client')).toBeTruthy();
    expect(await within(panel).findByText('Aucun message avec ce client')).toBeTruthy();
    expect(api.conversation).toHaveBeenCalledWith(12);
    expect(api.conversations).not.toHaveBeenCalled();
  });

  it('names the contact from the contacts when no name is given', async () => {
    renderFragment({ contactId: 12 });
    expect(await screen.findByRole('region', { name: 'Conversation avec Hugo Bernard' })).toBeTruthy();
  });

  it('shows the messages, marks incoming ones read, and sends like the page', async () => {
    const incoming = message({ senderId: 12, receiverId: 1, contenu: 'Bonjour, le code de la boîte ?' });
    api.conversation.mockResolvedValue([incoming]);
    api.send.mockResolvedValue(message({ senderId: 1, receiverId: 12, contenu: 'Le code est 1234.' }));
    renderFragment({ contactId: 12, nom: 'Hugo Bernard' });
    expect(await screen.findByText('Bonjour, le code de la boîte ?')).toBeTruthy();
    await waitFor(() => expect(api.markRead).toHaveBeenCalledWith([incoming.id]));

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Votre message'), 'Le code est 1234.{Enter}');
    expect(api.send).toHaveBeenCalledWith({ receiverId: 12, contenu: 'Le code est 1234.', type: 'general' });
    expect(await screen.findByText('Non lu')).toBeTruthy();
  });

  it('is the open conversation while shown: its messages raise no toast', async () => {
    const view = renderFragment({ contactId: 12, nom: 'Hugo Bernard' });
    await screen.findByText('Aucun message avec ce client');
    expect(getRealtimeState().openContactId).toBe(12);
    lastSocket().authenticate(1);
    lastSocket().serverEmit('new_message', message({ senderId: 12, receiverId: 1, contenu: 'En direct' }));
    expect(screen.getByText('En direct')).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByRole('status').textContent).toBe('');
    view.unmount();
    expect(getRealtimeState().openContactId).toBeNull();
    expect(sockets).toHaveLength(1);
  });

  it('renders nothing when signed out', () => {
    sessionWriter.signedOut();
    const { container } = render(
      <MemoryRouter>
        <Conversation contactId={12} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
    expect(api.conversation).not.toHaveBeenCalled();
    expect(api.conversations).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(0);
  });
});
