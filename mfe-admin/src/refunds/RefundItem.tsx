import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  formatCents,
  formatDateTimeParis,
  formatIban,
  formatLongDate,
  serverMessage,
  todayIn,
  TextField,
  adminRefundsApi,
  type Remboursement,
  FieldError,
  useMutation,
} from 'shared-kernel';
import '../ui/ui.css';

/** What the admin reads about where this refund stands. */
export function refundStateText(refund: Remboursement): string {
  switch (refund.etat) {
    case 'effectué':
      return `Effectué le ${formatLongDate(refund.effectueLe ?? '')}${refund.reference ? ` (référence ${refund.reference})` : ''}`;
    case 'demandé':
      return 'Demandé à Stripe : marqué effectué dès que Stripe le confirme.';
    case 'échec':
      return `Refusé par Stripe (${refund.erreur ?? 'raison inconnue'}) : à rembourser autrement, puis à marquer effectué.`;
    default:
      return refund.moyen === 'stripe'
        ? `À demander à Stripe : nouvel essai automatique${refund.erreur ? ` (dernière erreur : ${refund.erreur})` : ''}.`
        : 'Virement à faire.';
  }
}

/** A refund owed: who, how much, where to send it, and — when the admin makes it — 'Marquer effectué'. */
export function RefundItem({ refund, onDone }: { refund: Remboursement; onDone: (done: Remboursement) => void }) {
  const [date, setDate] = useState(() => todayIn('Europe/Paris'));
  const [reference, setReference] = useState('');
  /** The reference refused here, before anything is sent. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const markDone = useMutation({
    mutationFn: (made: { date: string; reference: string }) => adminRefundsApi.markDone(refund.id, made.date, made.reference),
    onSuccess: (saved) => onDone(saved),
  });
  const busy = markDone.isPending;
  const error =
    invalid ??
    (markDone.isError ? (serverMessage(markDone.error) ?? 'Le remboursement n’a pas pu être enregistré. Veuillez réessayer.') : null);
  // A transfer is made by the admin; a Stripe refund only when Stripe refused it.
  const byHand = refund.etat !== 'effectué' && (refund.moyen === 'virement' || refund.etat === 'échec');
  const waitsForIban = refund.moyen === 'virement' && !refund.iban;
  const titleId = `adm-refund-${refund.id}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (reference.trim().length < 2) {
      setInvalid('Indiquez la référence du virement de remboursement (au moins 2 caractères).');
      return;
    }
    setInvalid(null);
    markDone.mutate({ date, reference: reference.trim() });
  };

  return (
    <li className="sk-card adm-refund">
      <h2 id={titleId} className="adm-refund__title">
        {`${formatCents(refund.montantCents)} à rembourser à ${refund.client.nom}`}
      </h2>
      <dl className="adm-refund__facts">
        <div>
          <dt>Réservation</dt>
          <dd>
            <Link to={`/reservation/${refund.reservationId}`}>n° {refund.reservationId}</Link>
          </dd>
        </div>
        <div>
          <dt>Moyen</dt>
          <dd>{refund.moyen === 'stripe' ? 'Stripe (carte, PayPal)' : 'Virement'}</dd>
        </div>
        {refund.moyen === 'virement' ? (
          <div>
            <dt>IBAN</dt>
            <dd className="adm-refund__iban">
              {refund.iban ? `${formatIban(refund.iban)} (${refund.titulaire ?? ''})` : 'Pas encore communiqué par le client'}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Dû depuis le</dt>
          <dd>{formatDateTimeParis(refund.creeLe)}</dd>
        </div>
        <div>
          <dt>État</dt>
          <dd>{refundStateText(refund)}</dd>
        </div>
      </dl>
      {byHand && waitsForIban ? (
        <p className="sk-muted">
          Le client a reçu un e-mail lui demandant son IBAN sur sa réservation : le virement pourra être fait et marqué ensuite.
        </p>
      ) : null}
      {byHand && !waitsForIban ? (
        <form className="adm-inline-form" noValidate onSubmit={submit} aria-label={`Marquer effectué le remboursement n° ${refund.id}`}>
          <TextField
            label="Date du virement"
            type="date"
            value={date}
            max={todayIn('Europe/Paris')}
            onChange={(e) => setDate(e.target.value)}
            required
          />
          <TextField
            label="Référence du virement"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={100}
            required
          />
          <button type="submit" className="sk-button sk-button--success" disabled={busy}>
            Marquer effectué
          </button>
          <FieldError message={error} />
        </form>
      ) : null}
    </li>
  );
}
