/**
 * Someone's photo, or the initial of their name when there is none or it fails to load (the header's
 * signed-in user, a messaging contact). Decorative: the name is said by what is next to it. Styles in
 * tokens/base-css.ts (`sk-avatar`).
 */
import { useEffect, useState } from 'react';
import { initialOf } from '../rules/account.js';

export interface AvatarProps {
  name: string;
  photo: string | null;
  /** The disc's colour without a photo: the site's primary colour (by default) or the muted one. */
  tone?: 'primary' | 'muted';
  /**
   * 'text' (by default): the initial is the avatar's text. 'generated': it is CSS content instead, for
   * an avatar inside a control whose visible text must start with the name (as text it would make a
   * contact button read 'HHugo…', breaking the match with its accessible name, WCAG 2.5.3).
   */
  initial?: 'text' | 'generated';
  /** The caller's own class, a hook for what is its own (size of the initial…). */
  className?: string;
}

export function Avatar({ name, photo, tone = 'primary', initial = 'text', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [photo]);
  const showPhoto = !!photo && !failed;
  const classes = ['sk-avatar', tone === 'muted' ? 'sk-avatar--muted' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true" data-initial={!showPhoto && initial === 'generated' ? initialOf(name) : undefined}>
      {showPhoto ? (
        <img
          className="sk-avatar__img"
          src={photo}
          alt=""
          width={40}
          height={40}
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : initial === 'text' ? (
        initialOf(name)
      ) : null}
    </span>
  );
}
