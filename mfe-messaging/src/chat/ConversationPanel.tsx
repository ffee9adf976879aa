/**
 * The conversation with one contact, used by the messaging page and by the Conversation fragment:
 * header (name, 'Support' or 'Client'), the messages, the typing indicator and the input. The panel
 * is 600 px high and scrolls (spec section 9).
 */
import { Avatar, type Role, type SupportInfo } from 'shared-kernel';
import type { ContactId } from '../contacts/contacts';
import '../ui/role.css';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { roleLabel, typingText } from './text';
import { useContactTyping, useTypingNotices } from './typing';
import { useConversation } from './useConversation';
import './chat.css';

export interface PanelContact {
  id: ContactId;
  nom: string;
  role: Role;
  photo: string | null;
}

export interface ConversationPanelProps {
  contact: PanelContact;
  /** The signed-in user's id. */
  me: number;
  emptyText: string;
  onSupportContact?: (info: SupportInfo) => void;
  focusRequest?: number;
  /** Heading level of the contact's name (2 on the messaging page). */
  headingLevel?: 2 | 3;
}

export function ConversationPanel({ contact, me, emptyText, onSupportContact, focusRequest, headingLevel = 2 }: ConversationPanelProps) {
  const { messages, loading, send, retry } = useConversation(contact.id, me, onSupportContact ? { onSupportContact } : {});
  const { onDraftChange, stopTyping } = useTypingNotices(contact.id);
  const typing = useContactTyping(contact.id);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="msg-chat" aria-label={`Conversation avec ${contact.nom}`}>
      <header className="msg-chat__header">
        <Avatar name={contact.nom} photo={contact.photo} tone={contact.role === 'admin' ? 'primary' : 'muted'} initial="generated" />
        <div className="msg-chat__who">
          <Heading className="msg-chat__name">{contact.nom}</Heading>
          <span className={`msg-role msg-role--${contact.role}`}>{roleLabel(contact.role)}</span>
        </div>
      </header>
      <MessageList
        messages={messages}
        me={me}
        contactName={contact.nom}
        loading={loading}
        emptyText={emptyText}
        onRetry={retry}
        footer={
          typing ? (
            <p className="msg-typing">
              <span className="msg-typing__dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              {typingText(contact.nom)}
            </p>
          ) : null
        }
      />
      <Composer
        resetKey={String(contact.id)}
        onDraftChange={onDraftChange}
        onSend={(text) => {
          stopTyping();
          send(text);
        }}
        {...(focusRequest !== undefined ? { focusRequest } : {})}
      />
    </section>
  );
}
