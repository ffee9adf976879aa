import { useId, useState, type FormEvent } from 'react';
import {
  formatDateFr,
  OWNER_LEAD_STATUSES,
  serverMessage,
  type OwnerLead,
  type OwnerLeadStatus,
  Alert,
  adminLeadsApi,
} from 'shared-kernel';

export const LEAD_SAVED = 'Demande mise à jour.';
export const LEAD_SAVE_FAILED = 'La demande n’a pas pu être mise à jour. Veuillez réessayer.';

const STATUS_LABELS: Record<OwnerLeadStatus, string> = { nouveau: 'Nouveau', contacté: 'Contacté', clos: 'Clos' };

/** One lead: who, what they wrote, the consent they gave, and its follow-up (status and notes). */
export function LeadCard({ lead, onSaved }: { lead: OwnerLead; onSaved: (lead: OwnerLead) => void }) {
  const id = useId();
  const [statut, setStatut] = useState<OwnerLeadStatus>(lead.statut);
  const [notes, setNotes] = useState(lead.notes);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const name = [lead.prenom, lead.nom].filter(Boolean).join(' ');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      const saved = await adminLeadsApi.update(lead.id, { statut, notes });
      onSaved(saved);
      setNotice({ tone: 'success', text: LEAD_SAVED });
    } catch (error) {
      setNotice({ tone: 'danger', text: serverMessage(error) ?? LEAD_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
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
      <form className="adm-note-form adm-lead__form" onSubmit={(event) => void submit(event)}>
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
