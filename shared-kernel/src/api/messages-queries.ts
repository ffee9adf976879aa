/**
 * The messaging remote's reads (issue 33 item 3), under ['messages', <viewer id>, …] after the API
 * path: the viewer's id is part of the key so nothing of one signed-in user is shown to the next in
 * the same tab. These lists are live: the remote applies its socket events to them with
 * `setQueryData` (a new message, read receipts, a contact moving up).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Message } from '../domain/messages.js';
import { messagesApi } from './messages-endpoints.js';

export const messagesQueries = {
  /** GET /messages/conversations: the viewer's contacts, most recent conversation first. */
  contacts: (viewerId: number) =>
    queryOptions({ queryKey: ['messages', viewerId, 'conversations'] as const, queryFn: () => messagesApi.conversations() }),
  /**
   * GET /messages/utilisateur/:id: the messages between the viewer and `userId`, oldest first. The
   * list is live, so an answer meets what the cache got while it was asked (a message that arrived,
   * a read receipt, a message being sent): `merge` is the caller's rule for that, the answer alone
   * by default.
   */
  conversation: <M extends Message = Message>(
    viewerId: number,
    userId: number,
    merge: (answer: Message[], cached: readonly M[] | undefined) => M[] = (answer) => answer as M[],
  ) => {
    const queryKey = ['messages', viewerId, 'utilisateur', userId] as const;
    return queryOptions({
      queryKey,
      queryFn: async ({ client }: { client: QueryClient }): Promise<M[]> =>
        merge(await messagesApi.conversation(userId), client.getQueryData<M[]>(queryKey)),
    });
  },
};
