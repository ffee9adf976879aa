import { Fragment } from 'react';

/**
 * An email address that wraps, when it must, before its '@' and its dots ('camille.martin' /
 * '@exemple.fr'), not in the middle of a word ('exempl' / 'e.fr'): <wbr> break opportunities, with
 * `overflow-wrap: break-word` (CSS) only as a last resort for a part longer than the line.
 */
export function Email({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="acc-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
