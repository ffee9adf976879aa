import { statusTone } from '../rules/status.js';

/** A reservation status, as written, in its colour (spec section 4; styles in tokens/base-css.ts). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`sk-badge sk-badge--${statusTone(status)}`}>{status || 'Inconnu'}</span>;
}
