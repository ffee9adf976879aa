import './client.css';

/** Label and value pairs of a profile card. */
export function InfoList({ items }: { items: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="adm-info">
      {items.map(([label, value]) => (
        <div key={label} className="adm-info__row">
          <dt className="adm-info__label">{label}</dt>
          <dd className="adm-info__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
