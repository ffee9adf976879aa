/**
 * The kernel's messaging calls, each a jest mock answering nothing until a test says (the server is
 * outside these tests); the remote's queries and realtime code call this very object. Called in
 * beforeEach (jest.restoreAllMocks() in afterEach puts the real calls back):
 *   const api = mockMessagesApi();
 */
import { messagesApi } from 'shared-kernel';

export function mockMessagesApi(): jest.MockedObjectDeep<typeof messagesApi> {
  for (const key of Object.keys(messagesApi) as Array<keyof typeof messagesApi>) {
    jest
      .spyOn(messagesApi, key)
      .mockReset()
      .mockImplementation((() => undefined) as never);
  }
  return jest.mocked(messagesApi, { shallow: false });
}
