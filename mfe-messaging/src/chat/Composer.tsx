/**
 * The message input (label 'Votre message'): Enter sends, Shift+Enter goes to a new line, and
 * empty or whitespace-only text is not sent (spec section 5).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from 'shared-kernel';

export interface ComposerProps {
  onSend: (text: string) => void;
  onDraftChange: (value: string) => void;
  /** Each new value asks for the focus (the 'Contacter le support' button). */
  focusRequest?: number;
  /** The draft is cleared when this changes (another contact). */
  resetKey?: string;
}

export function Composer({ onSend, onDraftChange, focusRequest = 0, resetKey = '' }: ComposerProps) {
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const canSend = draft.trim() !== '';

  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);

  useEffect(() => setDraft(''), [resetKey]);

  const change = (value: string) => {
    setDraft(value);
    onDraftChange(value);
  };

  const submit = () => {
    if (!canSend) return;
    onSend(draft);
    change('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="msg-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {/* Named for assistive technologies; the placeholder and the hint say it on screen. */}
      <label className="sk-visually-hidden" htmlFor={`${id}-input`}>
        Votre message
      </label>
      <div className="msg-composer__row">
        <textarea
          ref={input}
          id={`${id}-input`}
          className="sk-input msg-composer__input"
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="Écrivez votre message…"
          aria-describedby={`${id}-hint`}
          value={draft}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="sk-button sk-button--primary" disabled={!canSend}>
          Envoyer
        </button>
      </div>
      <p id={`${id}-hint`} className="msg-composer__hint">
        Entrée pour envoyer, Maj+Entrée pour aller à la ligne.
      </p>
    </form>
  );
}
