import { adminQueries, Alert, loadState, Spinner, usePageMeta, useQuery } from 'shared-kernel';
import { LeadCard } from '../leads/LeadCard';
import '../ui/ui.css';
import '../leads/leads.css';

const TITLE = 'Demandes propriétaires';
export const LEADS_LOAD_FAILED = 'Les demandes n’ont pas pu être chargées.';

/** Admin (route '/admin/demandes-proprietaires', DECISIONS 28): owner estimate requests and their follow-up. */
export default function LeadsPage() {
  usePageMeta(TITLE, 'Demandes d’estimation envoyées par les propriétaires, avec leur statut et vos notes.');
  const read = useQuery(adminQueries.leads());
  const state = loadState(read);
  const leads = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';
  const load = () => void read.refetch();

  const counts = leads ? { nouveau: leads.filter((l) => l.statut === 'nouveau').length, total: leads.length } : null;

  return (
    <div className="sk-page adm-page">
      <h1>{TITLE}</h1>
      {failed ? (
        <Alert tone="danger" onRetry={load}>
          {LEADS_LOAD_FAILED}
        </Alert>
      ) : null}
      {leads === null && !failed ? <Spinner /> : null}
      {leads && counts ? (
        <>
          <p>
            {leads.length === 0
              ? 'Aucune demande pour le moment.'
              : `${counts.total} demande${counts.total > 1 ? 's' : ''}, dont ${counts.nouveau} nouvelle${counts.nouveau > 1 ? 's' : ''}.`}
          </p>
          <div className="adm-leads">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
