import { useEffect, useState, type FormEvent } from 'react';
import { formatCents, formatDateFr, serverMessage, TextAreaField, TextField } from 'shared-kernel';
import { invoiceHref, loadInvoices, saveBilling, type Billing, type Invoice } from './invoicesApi';

type State = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; factures: Invoice[]; facturation: Billing };

/**
 * 'Factures' (DECISIONS 36): the stay's factures and avoirs as PDF links, and — for the guest, until
 * the first one is issued — the company name and address they are made out to. `version` changes
 * when the reservation does (a payment or a cancellation may have issued a document).
 */
export function InvoicesSection({ reservationId, owner, version }: { reservationId: number; owner: boolean; version: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadInvoices(reservationId).then(
      (data) => live && setState({ status: 'loaded', ...data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [reservationId, version, attempt]);

  return (
    <section className="acc-invoices" aria-labelledby="acc-invoices-title">
      <h2 id="acc-invoices-title" className="acc-summary__title">
        Factures
      </h2>
      {state.status === 'loading' ? <p>Chargement des factures…</p> : null}
      {state.status === 'error' ? (
        <p role="alert">
          Les factures n’ont pas pu être chargées.{' '}
          <button type="button" className="sk-button sk-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Réessayer
          </button>
        </p>
      ) : null}
      {state.status === 'loaded' ? (
        <>
          {state.factures.length === 0 ? (
            <p>Aucune facture pour l’instant : une facture est émise à chaque paiement reçu, un avoir à chaque remboursement.</p>
          ) : (
            <ul className="acc-invoices__list">
              {state.factures.map((f) => (
                <li key={f.numero}>
                  <a href={invoiceHref(f.numero)} target="_blank" rel="noopener">
                    {f.type === 'facture' ? 'Facture' : 'Avoir'} {f.numero} (PDF)
                  </a>{' '}
                  — {formatCents(f.montantCents)}, émis le {formatDateFr(f.emiseLe)} — {f.objet}
                </li>
              ))}
            </ul>
          )}
          {owner && state.facturation.modifiable ? (
            <BillingForm
              reservationId={reservationId}
              billing={state.facturation}
              onSaved={(facturation) => setState({ ...state, facturation })}
            />
          ) : state.facturation.societe || state.facturation.adresse ? (
            <p>Factures adressées à : {[state.facturation.societe, state.facturation.adresse].filter(Boolean).join(', ')}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function BillingForm({
  reservationId,
  billing,
  onSaved,
}: {
  reservationId: number;
  billing: Billing;
  onSaved: (billing: Billing) => void;
}) {
  const [societe, setSociete] = useState(billing.societe ?? '');
  const [adresse, setAdresse] = useState(billing.adresse ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setDone(false);
    try {
      onSaved(await saveBilling(reservationId, societe, adresse));
      setDone(true);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'Les coordonnées de facturation n’ont pas pu être enregistrées. Veuillez réessayer.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="acc-invoices__form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="acc-billing-title">
      <h3 id="acc-billing-title" className="acc-summary__title">
        Coordonnées de facturation
      </h3>
      <p>Facultatif : pour une facture au nom d’une entreprise. Modifiable jusqu’à l’émission de la première facture.</p>
      <TextField
        label="Société (facultatif)"
        name="societe"
        autoComplete="organization"
        maxLength={120}
        value={societe}
        onChange={(e) => setSociete(e.target.value)}
      />
      <TextAreaField
        label="Adresse de facturation (facultatif)"
        name="adresse"
        autoComplete="street-address"
        maxLength={300}
        rows={3}
        value={adresse}
        onChange={(e) => setAdresse(e.target.value)}
      />
      {failure ? (
        <p className="sk-field__error" role="alert">
          {failure}
        </p>
      ) : null}
      {done ? <p role="status">Coordonnées de facturation enregistrées.</p> : null}
      <div className="acc-actions">
        <button type="submit" className="sk-button sk-button--primary" disabled={busy}>
          Enregistrer les coordonnées
        </button>
      </div>
    </form>
  );
}
