import type { ReactNode } from 'react';
import './ui.css';

/** The red message box of the spec, announced at once (role="alert"). */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div className="cat-error" role="alert">
      {children}
    </div>
  );
}
