import './ui.css';

export interface SpinnerProps {
  /** Text read by screen readers (visually hidden). */
  label?: string;
}

/** Loading indicator: a live status region with a visually hidden French label. */
export function Spinner({ label = 'Chargement…' }: SpinnerProps) {
  return (
    <div className="cat-spinner" role="status">
      <span className="cat-spinner__wheel" aria-hidden="true" />
      <span className="cat-visually-hidden">{label}</span>
    </div>
  );
}
