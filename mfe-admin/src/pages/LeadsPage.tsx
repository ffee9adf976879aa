import { useCallback, useEffect, useState } from 'react';
import { Spinner, usePageMeta, type OwnerLead, Alert, adminLeadsApi } from 'shared-kernel';
import { LeadCard } from '../leads/LeadCard';
import '../ui/ui.css';
import '../leads/leads.css';

const TITLE = 'Demandes propriétaires';
export const LEADS_LOAD_FAILED = 'Les demandes n’ont pas pu être chargées.';

/** Admin (route '/admin/demandes-proprietaires', DECISIONS 28): owner estimate requests and their follow-up. */
export default function LeadsPage() {
  usePageMeta(TITLE, 'Demandes d’estimation envoyées par les propriétaires, avec leur statut et vos notes.');
  const [leads, setLeads] = useState<OwnerLead[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    adminLeadsApi.list().then(setLeads, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

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
              <LeadCard
                key={lead.id}
                lead={lead}
                onSaved={(saved) => setLeads((list) => (list ?? []).map((l) => (l.id === saved.id ? saved : l)))}
              />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
