/**
 * Who is who for the notifier and the conversation fragment: the signed-in user's contacts, read from
 * the tab's cache (the messaging page keeps them there); a sender not known yet (a first message)
 * makes it ask the server once more (one request at a time: the query's own).
 */
import { messagesQueries, type MessageContact, type QueryClient } from 'shared-kernel';

/** The contact with this id, asking the server when it is not known yet; undefined if it cannot tell. */
export async function resolveContact(client: QueryClient, viewerId: number, id: number): Promise<MessageContact | undefined> {
  const query = messagesQueries.contacts(viewerId);
  const cached = client.getQueryData(query.queryKey)?.find((contact) => contact.id === id);
  if (cached) return cached;
  try {
    return (await client.fetchQuery(query)).find((contact) => contact.id === id);
  } catch {
    return undefined;
  }
}
