/**
 * Fragment for the admin's client profile page: the live conversation with one user (the same panel
 * as the messaging page). Props: `contactId`, and `nom` when the page already knows the name.
 */
import { messagesQueries, useQuery, useSession, type ConversationProps } from 'shared-kernel';
import { ConversationPanel } from '../chat/ConversationPanel';

export default function Conversation({ contactId, nom }: ConversationProps) {
  const me = useSession((state) => state.user?.id ?? null);
  // The contact's name, photo and role come from the contacts when the page gives no name.
  const contacts = useQuery({ ...messagesQueries.contacts(me ?? 0), enabled: me !== null && !nom });
  const contact = contacts.data?.find((c) => c.id === contactId);

  if (me === null || !Number.isSafeInteger(contactId) || contactId <= 0 || contactId === me) return null;
  return (
    <div className="sk-scope msg-fragment">
      <ConversationPanel
        contact={{ id: contactId, nom: nom ?? contact?.nom ?? 'Client', role: contact?.role ?? 'client', photo: contact?.photo ?? null }}
        me={me}
        emptyText="Aucun message avec ce client"
        headingLevel={3}
      />
    </div>
  );
}
