import { message } from '../../test/fixtures';
import { markFailed, mergeLoaded, receive, settle, type ChatMessage } from './conversationList';

const me = 7;

function pending(id: number, contenu: string, receiverId = 1): ChatMessage {
  return { ...message({ senderId: me, receiverId, contenu }), id, isTemp: true };
}

describe('conversation list', () => {
  it('merges a server answer with what arrived meanwhile and keeps pending messages last', () => {
    const a = message({ senderId: 1, receiverId: me, createdAt: '2026-03-02T10:00:00.000Z' });
    const b = message({ senderId: me, receiverId: 1, createdAt: '2026-03-02T10:05:00.000Z' });
    const live = message({ senderId: 1, receiverId: me, createdAt: '2026-03-02T10:06:00.000Z' });
    const temp = pending(-1, 'En cours');
    expect(mergeLoaded([a, b], [live, temp]).map((m) => m.id)).toEqual([a.id, b.id, live.id, -1]);
    expect(mergeLoaded([b], [{ ...b, lu: true }])[0]!.lu).toBe(true);
  });

  it('adds a live message once, and lets my own take the place of its pending copy', () => {
    const temp = pending(-1, 'Salut');
    const stored = message({ senderId: me, receiverId: 1, contenu: 'Salut' });
    const list = receive([temp], stored, me);
    expect(list).toEqual([stored]);
    expect(receive(list, stored, me)).toEqual([stored]);
    const incoming = message({ senderId: 1, receiverId: me });
    expect(receive([temp], incoming, me).map((m) => m.id)).toEqual([incoming.id, -1]);
  });

  it('settles a pending message with the answer, once', () => {
    const temp = pending(-2, 'Bonjour');
    const stored = message({ senderId: me, receiverId: 1, contenu: 'Bonjour' });
    expect(settle([temp], -2, stored)).toEqual([stored]);
    expect(settle([stored], -2, stored)).toEqual([stored]);
    expect(settle([], -2, stored)).toEqual([]);
    expect(markFailed([temp], -2)[0]).toMatchObject({ isTemp: false, failed: true });
  });
});
