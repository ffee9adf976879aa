/** A loading indicator with a spoken label. */
export function Spinner({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div className="sh-spinner" role="status">
      <span className="sh-spinner__circle" aria-hidden="true" />
      <span className="sh-visually-hidden">{label}</span>
    </div>
  );
}
