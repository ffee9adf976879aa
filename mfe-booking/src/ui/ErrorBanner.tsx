import type { ReactNode } from 'react';
import './ui.css';

/** The red message box of the spec, announced at once (role="alert"). */
export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div className="bk-error" role="alert">
      {children}
    </div>
  );
}
