/**
 * Fragment for the admin's client profile page: the live conversation with one user (the same panel
 * as the messaging page). Props: `contactId`, and `nom` when the page already knows the name.
 */
import { useEffect, useState } from 'react';
import { useSession, type ConversationProps } from 'shared-kernel';
import type { MessageContact } from 'shared-kernel';
import { ConversationPanel } from '../chat/ConversationPanel';
import { knownContact, resolveContact } from '../realtime/contacts';

export default function Conversation({ contactId, nom }: ConversationProps) {
  const me = useSession((state) => state.user?.id ?? null);
  const [contact, setContact] = useState<MessageContact | undefined>(() => knownContact(contactId));

  useEffect(() => {
    let active = true;
    setContact(knownContact(contactId));
    if (me !== null && !nom && !knownContact(contactId)) {
      void resolveContact(contactId).then((found) => {
        if (active) setContact(found);
      });
    }
    return () => {
      active = false;
    };
  }, [contactId, nom, me]);

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
