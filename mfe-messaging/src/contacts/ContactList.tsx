/** The contact list of the messaging page: name, 'Support' or 'Client', unread badge. */
import { Avatar } from 'shared-kernel';
import { roleLabel } from '../chat/text';
import '../ui/role.css';
import { UnreadBadge, withUnread } from '../ui/UnreadBadge';
import type { Contact, ContactId } from './contacts';

export interface ContactListProps {
  contacts: Contact[];
  selectedId: ContactId | null;
  onSelect: (id: ContactId) => void;
}

export function ContactList({ contacts, selectedId, onSelect }: ContactListProps) {
  if (contacts.length === 0) return <p className="msg-contacts__empty">Aucune conversation pour le moment.</p>;
  return (
    <ul className="msg-contacts">
      {contacts.map((contact) => {
        const selected = contact.id === selectedId;
        return (
          <li key={String(contact.id)}>
            <button
              type="button"
              className={`msg-contact${selected ? ' msg-contact--selected' : ''}`}
              aria-current={selected ? 'true' : undefined}
              aria-label={withUnread(`${contact.nom}, ${roleLabel(contact.role)}`, contact.nonLus)}
              onClick={() => onSelect(contact.id)}
            >
              <Avatar name={contact.nom} photo={contact.photo} tone={contact.role === 'admin' ? 'primary' : 'muted'} initial="generated" />
              <span className="msg-contact__text">
                <span className="msg-contact__name">{contact.nom}</span>{' '}
                <span className={`msg-role msg-role--${contact.role}`}>{roleLabel(contact.role)}</span>
              </span>
              <UnreadBadge count={contact.nonLus} className="msg-contact__badge" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
