import type { ReactNode } from 'react';
import './ui.css';

export type AlertTone = 'danger' | 'warning' | 'success' | 'info';

export interface AlertProps {
  tone: AlertTone;
  /** A bold first word ('Erreur!', 'Attention!'). */
  title?: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
}

/** A coloured message box: red and yellow ones are announced at once (alert), green and blue ones politely (status). */
export function Alert({ tone, title, children, actions }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`sk-alert sk-alert--${tone}`}>
      <div role={urgent ? 'alert' : 'status'}>
        {title ? <strong className="sk-alert__title">{title}</strong> : null}
        {title ? ' ' : null}
        {children}
      </div>
      {actions ? <div className="sk-alert__actions">{actions}</div> : null}
    </div>
  );
}
