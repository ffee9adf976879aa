/** The loading indicator of the whole site, with a spoken label (styles in tokens/base.css.ts). */
export function Spinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="sk-spinner" role="status">
      <span className="sk-spinner__circle" aria-hidden="true" />
      <span className="sk-visually-hidden">{label}</span>
    </div>
  );
}
