/**
 * The messaging API module with every server call a jest.fn (the server is outside these tests),
 * the rest of the module (types, constants) as it is. Used with
 *   jest.mock('../api/messages', () => require('../../test/messagesApiMock').messagesModule());
 */
export function messagesModule() {
  const actual = jest.requireActual<typeof import('../src/api/messages')>('../src/api/messages');
  return {
    ...actual,
    messagesApi: {
      conversations: jest.fn(),
      unreadCount: jest.fn(),
      conversation: jest.fn(),
      markRead: jest.fn(),
      send: jest.fn(),
      contactSupport: jest.fn(),
    },
  };
}
