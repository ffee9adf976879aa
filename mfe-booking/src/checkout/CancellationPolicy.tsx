import { useId } from 'react';
import { formatEuro } from 'shared-kernel';

/** The cancellation policy block (spec sections 2 and 9): text only. */
export function CancellationPolicy({ deposit }: { deposit: number }) {
  const titleId = useId();
  return (
    <section className="bk-card bk-policy" aria-labelledby={titleId}>
      <h2 id={titleId} className="bk-card__title">
        Conditions d'annulation
      </h2>
      <p>
        Annulation gratuite jusqu'à 48 heures avant votre arrivée. Passé ce délai, l'acompte de {formatEuro(deposit)} n'est pas remboursable.
      </p>
      <p>La politique de protection COVID-19 ne s'applique pas à cette réservation.</p>
    </section>
  );
}
