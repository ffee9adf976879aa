import { useState } from 'react';
import {
  adminQueries,
  Alert,
  formatCents,
  loadState,
  PageFrame,
  Spinner,
  usePageMeta,
  useQuery,
  useQueryClient,
  type Remboursement,
} from 'shared-kernel';
import { RefundItem } from '../refunds/RefundItem';
import '../ui/ui.css';
import '../refunds/refunds.css';

export const REFUNDS_TITLE = 'Remboursements à effectuer';
export const REFUNDS_LOAD_FAILED = 'Les remboursements n’ont pas pu être chargés.';

/**
 * Admin (route '/admin/remboursements', DECISIONS 35): every refund the site owes and has not made —
 * Stripe's in progress or refused, transfers to make to the IBAN the guest gave — and 'Marquer
 * effectué' with the transfer's date and reference. The guest then reads 'Remboursé le …'.
 */
export default function RefundsPage() {
  usePageMeta(
    REFUNDS_TITLE,
    'Les remboursements dus aux clients : par Stripe ou par virement, avec leur IBAN, et leur marquage comme effectués.',
  );
  const client = useQueryClient();
  const read = useQuery(adminQueries.refunds());
  const state = loadState(read);
  const refunds = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';
  const [done, setDone] = useState<Remboursement | null>(null);
  const load = () => void read.refetch();

  const total = refunds?.reduce((sum, r) => sum + r.montantCents, 0) ?? 0;
  return (
    <PageFrame title={REFUNDS_TITLE} className="adm-page">
      {failed ? (
        <Alert tone="danger" onRetry={load}>
          {REFUNDS_LOAD_FAILED}
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success">{`Remboursement de ${formatCents(done.montantCents)} à ${done.client.nom} marqué effectué : le client en est informé par e-mail.`}</Alert>
      ) : null}
      {refunds === null && !failed ? <Spinner label="Chargement des remboursements…" /> : null}
      {refunds ? (
        <>
          <p>
            {refunds.length === 0
              ? 'Aucun remboursement en attente.'
              : `${refunds.length} remboursement${refunds.length > 1 ? 's' : ''} en attente, ${formatCents(total)} au total.`}
          </p>
          <ul className="adm-refunds">
            {refunds.map((refund) => (
              <RefundItem
                key={refund.id}
                refund={refund}
                onDone={(saved) => {
                  setDone(saved);
                  // A made refund leaves the list of the ones to make.
                  client.setQueryData<Remboursement[]>(adminQueries.refunds().queryKey, (list) =>
                    (list ?? []).filter((r) => r.id !== saved.id),
                  );
                }}
              />
            ))}
          </ul>
        </>
      ) : null}
    </PageFrame>
  );
}
