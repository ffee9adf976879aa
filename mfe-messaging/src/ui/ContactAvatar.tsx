/** A contact's photo, or the initial of their name when there is none or it fails to load. */
import { useEffect, useState } from 'react';
import { initialOf } from 'shared-kernel';
import './avatar.css';

export function ContactAvatar({ nom, photo, support = false }: { nom: string; photo: string | null; support?: boolean }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photo]);
  return (
    // The initial is generated content (`data-initial`, see avatar.css): as text it would start the
    // contact button's visible name ('HHugo…') and break its match with the accessible name (WCAG 2.5.3).
    <span
      className={`sk-avatar msg-avatar${support ? ' msg-avatar--support' : ''}`}
      aria-hidden="true"
      data-initial={photo && !failed ? undefined : initialOf(nom)}
    >
      {photo && !failed ? (
        <img
          className="msg-avatar__img"
          src={photo}
          alt=""
          width={40}
          height={40}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : null}
    </span>
  );
}
