import { useId, useState, type FormEvent } from 'react';
import {
  formatDateFr,
  OWNER_LEAD_STATUSES,
  mutationNotice,
  type OwnerLead,
  type OwnerLeadStatus,
  Alert,
  adminLeadsApi,
  adminQueries,
  useMutation,
  useQueryClient,
} from 'shared-kernel';

export const LEAD_SAVED = 'Demande mise à jour.';
export const LEAD_SAVE_FAILED = 'La demande n’a pas pu être mise à jour. Veuillez réessayer.';

const STATUS_LABELS: Record<OwnerLeadStatus, string> = { nouveau: 'Nouveau', contacté: 'Contacté', clos: 'Clos' };

/**
 * One lead: who, what they wrote, the consent they gave, and its follow-up (status and notes). The
 * saved lead replaces the one in the list's cache: the answer is the server's row.
 */
export function LeadCard({ lead }: { lead: OwnerLead }) {
  const id = useId();
  const client = useQueryClient();
  const [statut, setStatut] = useState<OwnerLeadStatus>(lead.statut);
  const [notes, setNotes] = useState(lead.notes);
  const name = [lead.prenom, lead.nom].filter(Boolean).join(' ');
  const save = useMutation({
    mutationFn: (change: { statut: OwnerLeadStatus; notes: string }) => adminLeadsApi.update(lead.id, change),
    onSuccess: (saved) =>
      client.setQueryData<OwnerLead[]>(adminQueries.leads().queryKey, (list) => (list ?? []).map((l) => (l.id === saved.id ? saved : l))),
  });
  const saving = save.isPending;
  const notice = mutationNotice(save, { saved: LEAD_SAVED, failed: LEAD_SAVE_FAILED });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ statut, notes });
  };

  return (
    <article className="adm-lead" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-lead__title">
        {name}
      </h2>
      <p className="adm-lead__meta">
        {`Reçue le ${formatDateFr(lead.createdAt)} · `}
        <a href={`mailto:${lead.email}`}>{lead.email}</a>
        {` · Statut : ${STATUS_LABELS[lead.statut]}`}
      </p>
      <p className="sk-text-block sk-text-block--exact adm-lead__message">{lead.message ?? 'Aucun message.'}</p>
      <p className="adm-lead__consent">{`Consentement donné : « ${lead.consentement} »`}</p>
      <form className="adm-note-form adm-lead__form" onSubmit={submit}>
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={`${id}-statut`}>
            Statut
          </label>
          <select
            id={`${id}-statut`}
            className="sk-field__input"
            value={statut}
            onChange={(event) => setStatut(event.target.value as OwnerLeadStatus)}
          >
            {OWNER_LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={`${id}-notes`}>
            Notes
          </label>
          <textarea
            id={`${id}-notes`}
            className="sk-field__input"
            rows={3}
            maxLength={5000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <button type="submit" className="sk-button" disabled={saving}>
          {saving ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </form>
    </article>
  );
}
