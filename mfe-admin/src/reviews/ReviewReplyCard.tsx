import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatDateFr, serverMessage, type AdminAvis, Alert, adminReviewsApi } from 'shared-kernel';

export const REPLY_SAVED = 'Réponse publiée.';
export const REPLY_SAVE_FAILED = 'La réponse n’a pas pu être publiée. Veuillez réessayer.';
export const REPLY_REQUIRED = 'Veuillez écrire une réponse.';
export const REPLY_MAX_LENGTH = 2000;

/** One review with its public reply: written once, editable; the page shows it under the review. */
export function ReviewReplyCard({ avis, onSaved }: { avis: AdminAvis; onSaved: (avis: AdminAvis) => void }) {
  const id = useId();
  const [texte, setTexte] = useState(avis.reponse?.texte ?? '');
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (texte.trim() === '') {
      setNotice({ tone: 'danger', text: REPLY_REQUIRED });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const saved = await adminReviewsApi.reply(avis.id, texte);
      onSaved(saved);
      setTexte(saved.reponse?.texte ?? texte);
      setNotice({ tone: 'success', text: REPLY_SAVED });
    } catch (error) {
      setNotice({ tone: 'danger', text: serverMessage(error) ?? REPLY_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="adm-review" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="adm-review__title">
        {`${avis.auteur || 'Voyageur'} · ${avis.note}/5`}
      </h2>
      <p className="adm-review__meta">
        {`Le ${formatDateFr(avis.date)} · `}
        <Link to={`/appartement/${avis.appartementSlug}/avis`}>{avis.appartementTitre}</Link>
      </p>
      <p className="sk-text-block adm-review__comment">{avis.commentaire}</p>
      <p className="adm-review__status">{avis.reponse ? `Répondu le ${formatDateFr(avis.reponse.date)}` : 'Sans réponse'}</p>
      <form className="adm-note-form adm-review__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={`${id}-reponse`}>
            Votre réponse publique
          </label>
          <textarea
            id={`${id}-reponse`}
            className="sk-field__input"
            rows={3}
            maxLength={REPLY_MAX_LENGTH}
            required
            aria-invalid={notice?.text === REPLY_REQUIRED ? true : undefined}
            value={texte}
            onChange={(event) => setTexte(event.target.value)}
          />
        </div>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <button type="submit" className="sk-button" disabled={saving}>
          {saving ? 'Publication…' : avis.reponse ? 'Modifier la réponse' : 'Publier la réponse'}
        </button>
      </form>
    </article>
  );
}
