/**
 * Messaging page (route '/messagerie', signed in; the shell guards it). Left: the contacts with their
 * unread badges and 'Contacter le support'; right: the conversation with the selected contact.
 * `?contact=12` preselects a contact, then the address goes back to '/messagerie'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner, usePageMeta, useSession, type SessionUser, type SupportInfo } from 'shared-kernel';
import { ConversationPanel } from '../chat/ConversationPanel';
import { ContactList } from '../contacts/ContactList';
import { SUPPORT_ID, type ContactId } from '../contacts/contacts';
import { useContacts } from '../contacts/useContacts';
import '../ui/page.css';
import '../contacts/contacts.css';

const PAGE_DESCRIPTION = 'Votre messagerie : échangez avec notre équipe support au sujet de vos séjours et de vos réservations à Metz.';

export const PAGE_ROUTE = '/messagerie';

/** The id of `?contact=…`, if it is one. */
function contactParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function Messaging({ me }: { me: SessionUser }) {
  const [selectedId, setSelectedId] = useState<ContactId | null>(null);
  const { contacts, loading, markSeen, supportIs, reload } = useContacts(me, selectedId);
  const [focusRequest, setFocusRequest] = useState(0);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState<number | null>(null);
  const reloadedFor = useRef<number | null>(null);
  const isClient = me.role !== 'admin';

  const select = useCallback(
    (id: ContactId) => {
      setSelectedId(id);
      markSeen(id);
    },
    [markSeen],
  );

  // ?contact=12: remember it, then back to the plain address.
  const param = searchParams.get('contact');
  useEffect(() => {
    if (param === null) return;
    setWanted(contactParam(param));
    void navigate(PAGE_ROUTE, { replace: true });
  }, [param, navigate]);

  // The wanted contact is selected once the list has it; a contact not listed yet (a first message
  // that just arrived) gets one more look at the server, then the request is dropped.
  useEffect(() => {
    if (wanted === null || loading) return;
    if (contacts.some((contact) => contact.id === wanted)) {
      select(wanted);
      setWanted(null);
    } else if (reloadedFor.current !== wanted) {
      reloadedFor.current = wanted;
      reload();
    } else {
      setWanted(null);
    }
  }, [wanted, loading, contacts, select, reload]);

  const contactSupport = () => {
    const support = contacts.find((contact) => contact.role === 'admin');
    // Without an admin among the contacts, a client's list starts with the virtual support contact.
    select(support ? support.id : SUPPORT_ID);
    setFocusRequest((n) => n + 1);
  };

  const onSupportContact = useCallback(
    (info: SupportInfo) => {
      supportIs(info);
      setSelectedId(info.adminId);
    },
    [supportIs],
  );

  const selected = contacts.find((contact) => contact.id === selectedId) ?? null;

  return (
    <div className="msg-layout">
      <aside className="msg-sidebar" aria-labelledby="msg-contacts-title">
        <div className="msg-sidebar__head">
          <h2 id="msg-contacts-title" className="msg-sidebar__title">
            Conversations
          </h2>
          {isClient ? (
            <button type="button" className="sk-button sk-button--primary msg-sidebar__support" onClick={contactSupport} disabled={loading}>
              Contacter le support
            </button>
          ) : null}
        </div>
        {loading ? (
          <Spinner label="Chargement des conversations…" />
        ) : (
          <ContactList contacts={contacts} selectedId={selectedId} onSelect={select} />
        )}
      </aside>
      <div className="sk-shrink msg-main">
        {selected ? (
          <ConversationPanel
            contact={selected}
            me={me.id}
            emptyText={
              selected.id === SUPPORT_ID
                ? 'Écrivez votre message : notre équipe support vous répondra au plus vite.'
                : 'Aucun message pour le moment.'
            }
            onSupportContact={onSupportContact}
            focusRequest={focusRequest}
          />
        ) : (
          <div className="msg-chat msg-chat--placeholder">
            <p>Sélectionnez une conversation pour afficher les messages.</p>
          </div>
        )}
      </div>
    </div>
  );
}

export default function MessagingPage() {
  usePageMeta('Messagerie', PAGE_DESCRIPTION);
  const user = useSession((state) => state.user);
  return (
    <div className="sk-page msg-page">
      <h1 className="msg-page__title">Messagerie</h1>
      {user ? <Messaging key={user.id} me={user} /> : null}
    </div>
  );
}
