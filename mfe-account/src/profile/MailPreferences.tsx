import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  loadState,
  mailPreferencesApi,
  queries,
  mutationNotice,
  Spinner,
  useMutation,
  useQuery,
  useQueryClient,
  TitledSection,
} from 'shared-kernel';
import './profile.css';

export const MAIL_PREFERENCES_TITLE = 'E-mails';
export const MAIL_PREFERENCES_SAVED = 'Vos préférences d’e-mails sont enregistrées.';
export const MAIL_PREFERENCES_LOAD_FAILED = 'Vos préférences d’e-mails n’ont pas pu être chargées.';
export const MAIL_PREFERENCES_SAVE_FAILED = 'Vos préférences n’ont pas pu être enregistrées. Veuillez réessayer.';
export const TRANSACTIONAL_NOTE =
  'Les e-mails liés à vos réservations (réservation reçue, confirmée ou annulée) vous sont toujours envoyés.';

/**
 * The profile's 'E-mails' section (issue 15): one labelled checkbox per optional mail (admins also
 * see their notices), saved together; the booking mails are always sent and say so.
 */
export function MailPreferences() {
  const titleId = useId();
  const client = useQueryClient();
  const state = loadState(useQuery(queries.mailPreferences()));
  /** The boxes the user changed since the last answer (the others show what the server holds). */
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const save = useMutation({
    mutationFn: (actifs: Record<string, boolean>) => mailPreferencesApi.save(actifs),
    onSuccess: (preferences) => {
      client.setQueryData(queries.mailPreferences().queryKey, preferences);
      setChecked({});
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.status !== 'ready' || save.isPending) return;
    save.mutate(Object.fromEntries(state.data.map((p) => [p.kind, checked[p.kind] ?? p.enabled])));
  };
  const saving = save.isPending;
  const notice = mutationNotice(save, { saved: MAIL_PREFERENCES_SAVED, failed: MAIL_PREFERENCES_SAVE_FAILED });

  return (
    <TitledSection title={MAIL_PREFERENCES_TITLE} titleId={titleId} className="sk-card acc-mail-prefs" titleClassName="sk-card__title">
      {state.status === 'loading' ? <Spinner /> : null}
      {state.status === 'error' ? <Alert tone="danger">{MAIL_PREFERENCES_LOAD_FAILED}</Alert> : null}
      {state.status === 'ready' ? (
        <form onSubmit={submit}>
          <fieldset className="acc-mail-prefs__set">
            <legend>Je souhaite recevoir :</legend>
            {state.data.map((preference) => (
              <div key={preference.kind} className="acc-mail-prefs__choice">
                <input
                  id={`${titleId}-${preference.kind}`}
                  type="checkbox"
                  checked={checked[preference.kind] ?? preference.enabled}
                  onChange={(event) => {
                    const value = event.target.checked;
                    setChecked((current) => ({ ...current, [preference.kind]: value }));
                  }}
                />
                <label htmlFor={`${titleId}-${preference.kind}`}>{preference.label}</label>
              </div>
            ))}
          </fieldset>
          <p className="acc-mail-prefs__note">{TRANSACTIONAL_NOTE}</p>
          {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
          <button type="submit" className="sk-button" disabled={saving}>
            {saving ? 'Enregistrement…' : 'Enregistrer mes préférences'}
          </button>
        </form>
      ) : null}
    </TitledSection>
  );
}
