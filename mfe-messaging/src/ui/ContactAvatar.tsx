/** A contact's photo, or the initial of their name when there is none or it fails to load. */
import { useEffect, useState } from 'react';
import { initialOf } from 'shared-kernel';
import './avatar.css';

export function ContactAvatar({ nom, photo, support = false }: { nom: string; photo: string | null; support?: boolean }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photo]);
  return (
    <span className={`msg-avatar${support ? ' msg-avatar--support' : ''}`} aria-hidden="true">
      {photo && !failed ? (
        <img className="msg-avatar__img" src={photo} alt="" width={40} height={40} referrerPolicy="no-referrer" onError={() => setFailed(true)} />
      ) : (
        initialOf(nom)
      )}
    </span>
  );
}
