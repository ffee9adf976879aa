/**
 * Mounted once by the shell for a signed-in user; shows nothing until a message comes from someone
 * other than the contact whose conversation is open. Then (spec sections 2 and 9): a toast with the
 * sender and a 30-character preview for 5 s, which opens that conversation when clicked, and a sound.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getSession, useQueryClient } from 'shared-kernel';
import notificationSound from '../assets/notification.wav';
import { previewText } from '../chat/text';
import { getRealtimeState } from '../realtime/connection';
import { resolveContact } from '../realtime/contacts';
import { useRealtime, useRealtimeEvent } from '../realtime/hooks';
import '../ui/toast.css';

/** Spec section 9: a toast stays 5,000 ms. */
export const TOAST_MS = 5000;

interface Toast {
  messageId: number;
  senderId: number;
  nom: string;
  preview: string;
}

export function playNotificationSound(): void {
  try {
    void new Audio(notificationSound).play().catch(() => {});
  } catch {
    // No audio in this browser: the toast is enough.
  }
}

export default function Notifier() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const userId = useRealtime((state) => state.userId);
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dismiss = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setToast(null);
  }, []);

  useEffect(() => dismiss, [dismiss]);
  // Another user, or signed out: nothing of the previous one stays on screen.
  useEffect(() => dismiss(), [userId, dismiss]);

  useRealtimeEvent('new_message', (message) => {
    const { userId: me, openContactId } = getRealtimeState();
    if (me === null || message.senderId === me || message.receiverId !== me) return;
    if (message.senderId === openContactId) return;
    void resolveContact(client, me, message.senderId).then((contact) => {
      if (getRealtimeState().userId !== me) return;
      const fallback = getSession().user?.role === 'admin' ? 'Un client' : 'Équipe support';
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(dismiss, TOAST_MS);
      setToast({ messageId: message.id, senderId: message.senderId, nom: contact?.nom ?? fallback, preview: previewText(message.contenu) });
      playNotificationSound();
    });
  });

  const open = () => {
    if (!toast) return;
    const { senderId } = toast;
    dismiss();
    void navigate(`/messagerie?contact=${senderId}`);
  };

  return (
    <div className="msg-toasts" role="status">
      {toast ? (
        <div className="msg-toast" key={toast.messageId}>
          <button type="button" className="msg-toast__open" onClick={open}>
            <span className="msg-toast__label">Nouveau message de</span>
            <strong className="msg-toast__sender">{toast.nom}</strong>
            <span className="msg-toast__preview">{toast.preview}</span>
          </button>
          <button type="button" className="msg-toast__close" onClick={dismiss} aria-label="Fermer la notification">
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
