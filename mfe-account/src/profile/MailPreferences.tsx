import { useEffect, useId, useState, type FormEvent } from 'react';
import { serverMessage, Spinner, type MailPreference, Alert } from 'shared-kernel';
import { loadMailPreferences, saveMailPreferences } from './mailPreferencesApi';
import './profile.css';

export const MAIL_PREFERENCES_TITLE = 'E-mails';
export const MAIL_PREFERENCES_SAVED = 'Vos préférences d’e-mails sont enregistrées.';
export const MAIL_PREFERENCES_LOAD_FAILED = 'Vos préférences d’e-mails n’ont pas pu être chargées.';
export const MAIL_PREFERENCES_SAVE_FAILED = 'Vos préférences n’ont pas pu être enregistrées. Veuillez réessayer.';
export const TRANSACTIONAL_NOTE =
  'Les e-mails liés à vos réservations (réservation reçue, confirmée ou annulée) vous sont toujours envoyés.';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; saved: MailPreference[] };

/**
 * The profile's 'E-mails' section (issue 15): one labelled checkbox per optional mail (admins also
 * see their notices), saved together; the booking mails are always sent and say so.
 */
export function MailPreferences() {
  const titleId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    loadMailPreferences().then(
      (preferences) => {
        if (!live) return;
        setState({ status: 'ready', saved: preferences });
        setChecked(Object.fromEntries(preferences.map((p) => [p.kind, p.enabled])));
      },
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.status !== 'ready' || saving) return;
    setSaving(true);
    setNotice(null);
    try {
      const preferences = await saveMailPreferences(checked);
      setState({ status: 'ready', saved: preferences });
      setChecked(Object.fromEntries(preferences.map((p) => [p.kind, p.enabled])));
      setNotice({ tone: 'success', text: MAIL_PREFERENCES_SAVED });
    } catch (error) {
      setNotice({ tone: 'danger', text: serverMessage(error) ?? MAIL_PREFERENCES_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="sk-card acc-mail-prefs" aria-labelledby={titleId}>
      <h2 id={titleId} className="sk-card__title">
        {MAIL_PREFERENCES_TITLE}
      </h2>
      {state.status === 'loading' ? <Spinner /> : null}
      {state.status === 'failed' ? <Alert tone="danger">{MAIL_PREFERENCES_LOAD_FAILED}</Alert> : null}
      {state.status === 'ready' ? (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset className="acc-mail-prefs__set">
            <legend>Je souhaite recevoir :</legend>
            {state.saved.map((preference) => (
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
    </section>
  );
}
