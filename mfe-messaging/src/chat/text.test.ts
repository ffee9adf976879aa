import { badgeText, messageTime, previewText, roleLabel, typingText, unreadSpoken } from './text';

describe('messaging texts', () => {
  it('caps the badge at 9+ and hides it at 0', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('says the unread count in words', () => {
    expect(unreadSpoken(1)).toBe('1 message non lu');
    expect(unreadSpoken(4)).toBe('4 messages non lus');
  });

  it("labels admins 'Support' and everyone else 'Client'", () => {
    expect(roleLabel('admin')).toBe('Support');
    expect(roleLabel('client')).toBe('Client');
  });

  it('previews the first 30 characters, with … when longer', () => {
    expect(previewText('Court')).toBe('Court');
    expect(previewText('a'.repeat(30))).toBe('a'.repeat(30));
    expect(previewText('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    expect(previewText('Ligne 1\n\nLigne 2')).toBe('Ligne 1 Ligne 2');
    expect(previewText(`${'é'.repeat(29)}😀😀`)).toBe(`${'é'.repeat(29)}😀…`);
  });

  it('writes the typing indicator', () => {
    expect(typingText('Alice')).toBe("Alice est en train d'écrire…");
  });

  it('shows the time for today, the date and time otherwise (fr-FR)', () => {
    const now = new Date(2026, 2, 2, 18, 0);
    expect(messageTime(new Date(2026, 2, 2, 9, 5).toISOString(), now)).toBe('09:05');
    expect(messageTime(new Date(2026, 1, 28, 14, 30).toISOString(), now)).toBe('28/02/2026 14:30');
    expect(messageTime('pas une date', now)).toBe('');
  });
});
