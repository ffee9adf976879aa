import { clientHugo, clientLea, supportAlice } from '../../test/fixtures';
import { bumpContact, clearUnread, replaceSupport, SUPPORT_CONTACT, visibleContacts } from './contacts';

const marie = { id: 7, role: 'client' as const };
const alice = { id: 1, role: 'admin' as const };

describe('contacts', () => {
  it('adds the virtual support contact first for a client with no admin', () => {
    expect(visibleContacts([], marie)).toEqual([SUPPORT_CONTACT]);
    expect(visibleContacts([clientHugo], marie)).toEqual([SUPPORT_CONTACT, clientHugo]);
    expect(visibleContacts([supportAlice], marie)).toEqual([supportAlice]);
    expect(SUPPORT_CONTACT).toMatchObject({ id: 'support', nom: 'Équipe support', role: 'admin', isDefault: true });
  });

  it('shows only the support contact to a client when the list failed, nothing virtual to an admin', () => {
    expect(visibleContacts(null, marie)).toEqual([SUPPORT_CONTACT]);
    expect(visibleContacts(null, alice)).toEqual([]);
    expect(visibleContacts([clientHugo, clientLea], alice)).toEqual([clientHugo, clientLea]);
  });

  it('never lists the user themselves', () => {
    expect(visibleContacts([{ ...clientHugo, id: 7 }, supportAlice], marie)).toEqual([supportAlice]);
  });

  it('replaces the virtual support contact by the real admin, in place', () => {
    const list = visibleContacts([clientHugo], marie);
    expect(replaceSupport(list, { adminId: 3, adminName: 'Sophie' })).toEqual([
      { id: 3, nom: 'Sophie', role: 'admin', photo: null, nonLus: 0 },
      clientHugo,
    ]);
  });

  it('moves a contact to the top, with one more unread when asked', () => {
    const list = [clientLea, clientHugo];
    expect(bumpContact(list, 12, true).map((c) => [c.id, c.nonLus])).toEqual([
      [12, 1],
      [15, 0],
    ]);
    expect(bumpContact(list, 12, false).map((c) => [c.id, c.nonLus])).toEqual([
      [12, 0],
      [15, 0],
    ]);
    expect(bumpContact(list, 99, true)).toEqual(list);
    expect(clearUnread([{ ...clientLea, nonLus: 4 }], 15)[0]!.nonLus).toBe(0);
  });
});
