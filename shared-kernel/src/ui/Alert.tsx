import type { ReactNode } from 'react';
import { RETRY_LABEL } from '../federation/RemoteView.js';

export type AlertTone = 'danger' | 'warning' | 'success' | 'info';

export interface AlertProps {
  tone: AlertTone;
  /** A bold first word ('Erreur!', 'Attention!'). */
  title?: string;
  children: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  /** A load that failed: a « Réessayer » button under the text (before any other action). */
  onRetry?: () => void;
  className?: string;
}

/**
 * A coloured message box (`sk-alert`): red and yellow ones are announced at once (role="alert"),
 * green and blue ones politely (role="status"). Only the text is in the live region, not the actions.
 */
export function Alert({ tone, title, children, actions, onRetry, className }: AlertProps) {
  const urgent = tone === 'danger' || tone === 'warning';
  const retry = onRetry ? (
    <button type="button" className="sk-button sk-button--secondary" onClick={onRetry}>
      {RETRY_LABEL}
    </button>
  ) : null;
  return (
    <div className={`sk-alert sk-alert--${tone}${className ? ` ${className}` : ''}`}>
      <div role={urgent ? 'alert' : 'status'}>
        {title ? <strong className="sk-alert__title">{title}</strong> : null}
        {title ? ' ' : null}
        {children}
      </div>
      {retry || actions ? (
        <div className="sk-alert__actions">
          {retry}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
