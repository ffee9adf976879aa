import { useId } from 'react';
import { cancellationPolicyText, formatEuro, TitledSection } from 'shared-kernel';

/** The cancellation policy block: the apartment's own policy, which the server applies on cancellation. */
export function CancellationPolicy({ deposit, politique }: { deposit: number; politique: string }) {
  const titleId = useId();
  return (
    <TitledSection title="Conditions d'annulation" titleId={titleId} className="sk-panel bk-card bk-policy" titleClassName="bk-card__title">
      <p>{`Politique ${politique} : ${cancellationPolicyText(politique)}`}</p>
      <p>{`Acompte : ${formatEuro(deposit)}, déduit du total.`}</p>
      <p>La politique de protection COVID-19 ne s'applique pas à cette réservation.</p>
    </TitledSection>
  );
}
