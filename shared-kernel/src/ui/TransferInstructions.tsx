import { formatCents, formatDateTimeParis } from '../format/index.js';
import type { InstructionsVirement } from '../domain/types.js';

/**
 * What to pay by bank transfer, to whom and with which reference (issue 13): shown by the checkout's
 * confirmation and by the reservation detail. Demo account details say 'exemple'.
 */
export function TransferInstructions({ instructions }: { instructions: InstructionsVirement }) {
  const exemple = instructions.exemple ? ' (exemple)' : '';
  return (
    <div className="sk-transfer">
      {instructions.exemple ? (
        <p className="sk-transfer__demo">Coordonnées bancaires d'exemple : ce site de démonstration n'a pas de compte réel.</p>
      ) : null}
      <dl className="sk-transfer__list">
        <dt>Montant</dt>
        <dd>{formatCents(instructions.montantCents)}</dd>
        <dt>Titulaire du compte</dt>
        <dd>{instructions.titulaire}</dd>
        <dt>IBAN</dt>
        <dd>{`${instructions.iban}${exemple}`}</dd>
        <dt>BIC</dt>
        <dd>{`${instructions.bic}${exemple}`}</dd>
        <dt>Référence à indiquer</dt>
        <dd>{instructions.reference}</dd>
        <dt>À recevoir avant le</dt>
        <dd>{formatDateTimeParis(instructions.echeance)}</dd>
      </dl>
    </div>
  );
}
