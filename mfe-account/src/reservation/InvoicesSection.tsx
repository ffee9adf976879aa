import { useState, type FormEvent } from 'react';
import {
  formatCents,
  formatDateFr,
  invoicesApi,
  loadState,
  queries,
  serverMessage,
  TextAreaField,
  TextField,
  useMutation,
  useQuery,
  useQueryClient,
  type Billing,
  FieldError,
} from 'shared-kernel';

/**
 * 'Factures' (DECISIONS 36): the stay's factures and avoirs as PDF links, and — for the guest, until
 * the first one is issued — the company name and address they are made out to. A change of the
 * reservation reads them again (its query is under the reservation's key: a payment or a
 * cancellation may have issued a document).
 */
export function InvoicesSection({ reservationId, owner }: { reservationId: number; owner: boolean }) {
  const client = useQueryClient();
  const query = useQuery(queries.invoices(reservationId));
  const state = loadState(query);

  return (
    <section className="acc-invoices" aria-labelledby="acc-invoices-title">
      <h2 id="acc-invoices-title" className="acc-summary__title">
        Factures
      </h2>
      {state.status === 'loading' ? <p>Chargement des factures…</p> : null}
      {state.status === 'error' ? (
        <p role="alert">
          Les factures n’ont pas pu être chargées.{' '}
          <button type="button" className="sk-button sk-button--secondary" onClick={() => void query.refetch()}>
            Réessayer
          </button>
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <>
          {state.data.factures.length === 0 ? (
            <p>Aucune facture pour l’instant : une facture est émise à chaque paiement reçu, un avoir à chaque remboursement.</p>
          ) : (
            <ul className="acc-invoices__list">
              {state.data.factures.map((f) => (
                <li key={f.numero}>
                  <a href={invoicesApi.pdfHref(f.numero)} target="_blank" rel="noopener">
                    {f.type === 'facture' ? 'Facture' : 'Avoir'} {f.numero} (PDF)
                  </a>{' '}
                  — {formatCents(f.montantCents)}, émis le {formatDateFr(f.emiseLe)} — {f.objet}
                </li>
              ))}
            </ul>
          )}
          {owner && state.data.facturation.modifiable ? (
            <BillingForm
              reservationId={reservationId}
              billing={state.data.facturation}
              onSaved={(facturation) =>
                client.setQueryData(queries.invoices(reservationId).queryKey, (current) => current && { ...current, facturation })
              }
            />
          ) : state.data.facturation.societe || state.data.facturation.adresse ? (
            <p>Factures adressées à : {[state.data.facturation.societe, state.data.facturation.adresse].filter(Boolean).join(', ')}</p>
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
  const save = useMutation({
    mutationFn: () => invoicesApi.saveBilling(reservationId, societe, adresse),
    onSuccess: onSaved,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  const failure = save.isError
    ? (serverMessage(save.error) ?? 'Les coordonnées de facturation n’ont pas pu être enregistrées. Veuillez réessayer.')
    : null;

  return (
    <form className="acc-invoices__form" noValidate onSubmit={submit} aria-labelledby="acc-billing-title">
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
      <FieldError message={failure} />
      {save.isSuccess ? <p role="status">Coordonnées de facturation enregistrées.</p> : null}
      <div className="acc-actions">
        <button type="submit" className="sk-button sk-button--primary" disabled={save.isPending}>
          Enregistrer les coordonnées
        </button>
      </div>
    </form>
  );
}
