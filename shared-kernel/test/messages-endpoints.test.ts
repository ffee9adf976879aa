import { http } from '../src/api/http';
import { messagesApi } from '../src/api/messages-endpoints';

let get: jest.SpyInstance;
let post: jest.SpyInstance;

const stored = {
  id: 5,
  senderId: 7,
  receiverId: 1,
  contenu: 'Bonjour',
  type: 'general',
  appartementId: null,
  lu: false,
  createdAt: '2026-03-02T10:00:00.000Z',
};

beforeEach(() => {
  get = jest.spyOn(http, 'get').mockReset();
  post = jest.spyOn(http, 'post').mockReset();
});

afterEach(() => jest.restoreAllMocks());

describe('messagesApi', () => {
  it('reads the contacts, dropping malformed ones', async () => {
    get.mockResolvedValue({
      data: [
        { id: 1, nom: 'Alice', role: 'admin', photo: null, nonLus: 2 },
        { nom: 'sans id' },
        { id: 3, nom: '', role: 'autre', nonLus: -1 },
      ],
    });
    await expect(messagesApi.conversations()).resolves.toEqual([
      { id: 1, nom: 'Alice', role: 'admin', photo: null, nonLus: 2 },
      { id: 3, nom: 'Utilisateur', role: 'client', photo: null, nonLus: 0 },
    ]);
    expect(get).toHaveBeenCalledWith('/messages/conversations', expect.anything());
  });

  it('reads the unread count and a conversation', async () => {
    get.mockResolvedValueOnce({ data: { count: 4 } }).mockResolvedValueOnce({ data: [stored, { id: 'x' }] });
    await expect(messagesApi.unreadCount()).resolves.toBe(4);
    await expect(messagesApi.conversation(1)).resolves.toEqual([stored]);
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/messages/non-lus', '/messages/utilisateur/1']);
  });

  it('posts read receipts, messages and support requests', async () => {
    post
      .mockResolvedValueOnce({ data: { messageIds: [5] } })
      .mockResolvedValueOnce({ data: stored })
      .mockResolvedValueOnce({ data: { supportInfo: { adminId: 1, adminName: 'Alice' }, message: stored } });
    await expect(messagesApi.markRead([5, 6])).resolves.toEqual([5]);
    await expect(messagesApi.send({ receiverId: 1, contenu: 'Bonjour', type: 'general' })).resolves.toEqual(stored);
    await expect(messagesApi.contactSupport({ contenu: 'Aide' })).resolves.toEqual({
      supportInfo: { adminId: 1, adminName: 'Alice' },
      message: stored,
    });
    expect(post.mock.calls).toEqual([
      ['/messages/marquer-lus', { messageIds: [5, 6] }],
      ['/messages/envoyer', { receiverId: 1, contenu: 'Bonjour', type: 'general' }],
      ['/messages/contacter-support', { contenu: 'Aide', type: 'support' }],
    ]);
  });
});
