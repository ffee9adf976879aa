/** A message box: errors are alerts, information and success are polite status messages. */
import type { ReactNode } from 'react';

export function Notice({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div className={`sh-notice sh-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
