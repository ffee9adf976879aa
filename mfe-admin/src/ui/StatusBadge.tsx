import { statusTone } from 'shared-kernel';
import './ui.css';

/** A reservation status, as written, in its colour (spec section 4). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`adm-badge adm-badge--${statusTone(status)}`}>{status || 'Inconnu'}</span>;
}
