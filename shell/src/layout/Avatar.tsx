/** The signed-in user's photo, or the initial of their name when there is none or it fails to load. */
import { useEffect, useState } from 'react';
import { initialOf } from 'shared-kernel';

export function Avatar({ name, photo }: { name: string; photo: string | null }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photo]);
  const showPhoto = !!photo && !failed;
  return (
    <span className="sk-avatar sh-avatar" aria-hidden="true">
      {showPhoto ? (
        <img
          className="sh-avatar__img"
          src={photo}
          alt=""
          width={36}
          height={36}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="sh-avatar__initial">{initialOf(name)}</span>
      )}
    </span>
  );
}
