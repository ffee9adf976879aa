import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatDateFr, mutationNotice, type AdminAvis, Alert, adminReviewsApi, useMutation } from 'shared-kernel';

export const REPLY_SAVED = 'Réponse publiée.';
export const REPLY_SAVE_FAILED = 'La réponse n’a pas pu être publiée. Veuillez réessayer.';
export const REPLY_REQUIRED = 'Veuillez écrire une réponse.';
export const REPLY_MAX_LENGTH = 2000;

/** One review with its public reply: written once, editable; the page shows it under the review. */
export function ReviewReplyCard({ avis, onSaved }: { avis: AdminAvis; onSaved: (avis: AdminAvis) => void }) {
  const id = useId();
  const [texte, setTexte] = useState(avis.reponse?.texte ?? '');
  /** Whether the last submit was refused here, the reply being empty (nothing was sent). */
  const [empty, setEmpty] = useState(false);
  const save = useMutation({
    mutationFn: (reply: string) => adminReviewsApi.reply(avis.id, reply),
    onSuccess: (saved, reply) => {
      onSaved(saved);
      setTexte(saved.reponse?.texte ?? reply);
    },
  });
  const saving = save.isPending;
  const notice = empty
    ? { tone: 'danger' as const, text: REPLY_REQUIRED }
    : mutationNotice(save, { saved: REPLY_SAVED, failed: REPLY_SAVE_FAILED });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (texte.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    save.mutate(texte);
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
      <form className="adm-note-form adm-review__form" onSubmit={submit} noValidate>
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
