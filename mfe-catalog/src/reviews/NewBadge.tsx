import { NEW_LISTING_TEXT } from './rating';

/** 'Nouveau': an apartment with no review yet (in place of its stars and count). */
export function NewBadge({ className = '' }: { className?: string }) {
  return <span className={`sk-badge sk-badge--info ${className}`.trim()}>{NEW_LISTING_TEXT}</span>;
}
