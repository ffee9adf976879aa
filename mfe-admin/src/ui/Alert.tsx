import type { ReactNode } from 'react';
import './ui.css';

export type AlertTone = 'danger' | 'warning' | 'success' | 'info';

export interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  className?: string;
}

/** A coloured message box: red and yellow ones are announced at once (alert), green and blue ones politely (status). */
export function Alert({ tone, children, actions, className }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div className={`sk-alert sk-alert--${tone}${className ? ` ${className}` : ''}`}>
      <div role={urgent ? 'alert' : 'status'}>{children}</div>
      {actions ? <div className="sk-alert__actions">{actions}</div> : null}
    </div>
  );
}
