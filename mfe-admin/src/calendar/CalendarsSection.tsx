import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { FEED_LABELS, serverMessage, Spinner, type FeedLabel } from 'shared-kernel';
import { Alert } from '../ui/Alert';
import { SelectField, TextField } from '../ui/Field';
import { calendarApi, type Calendars, type Feed } from './calendarApi';
import './calendar.css';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** A sync the server ran but whose feed failed: its French reason is shown as it is. */
class SyncFailure extends Error {}

function feedStatus(feed: Feed): string {
  const last = feed.derniereSynchroLe ? `Dernière synchronisation réussie : ${dateTime.format(new Date(feed.derniereSynchroLe))}` : 'Jamais synchronisé';
  return `${last} · ${feed.evenements} ${feed.evenements > 1 ? 'événements' : 'événement'}`;
}

/**
 * 'Calendriers' of the apartment editor (issue 14): the private export address for the other
 * channels (copy, regenerate) and the channels' feeds imported here, with their status.
 */
export function CalendarsSection({ appartementId }: { appartementId: number }) {
  const id = useId();
  const [data, setData] = useState<Calendars | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [label, setLabel] = useState<FeedLabel>('Airbnb');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    calendarApi.calendars(appartementId).then(setData, () => setFailed(true));
  }, [appartementId]);
  useEffect(load, [load]);

  const act = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    setMessage(null);
    try {
      setMessage({ tone: 'success', text: await work() });
    } catch (error) {
      setMessage({ tone: 'danger', text: error instanceof SyncFailure ? error.message : (serverMessage(error) ?? "L'opération a échoué. Réessayez.") });
    } finally {
      setBusy(null);
      load();
    }
  };

  const copy = () =>
    act('copy', async () => {
      await navigator.clipboard.writeText(data?.exportUrl ?? '');
      return 'Adresse copiée.';
    });

  const regenerate = () => {
    if (!window.confirm("Créer une nouvelle adresse ? L'ancienne ne fonctionnera plus : il faudra la remplacer sur chaque plateforme.")) return;
    void act('regen', async () => {
      await calendarApi.regenerate(appartementId);
      return "Nouvelle adresse d'export créée.";
    });
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!url.trim()) {
      setMessage({ tone: 'danger', text: "Indiquez l'adresse du calendrier (iCal) de la plateforme." });
      return;
    }
    void act('add', async () => {
      const feed = await calendarApi.addFeed(appartementId, label, url.trim());
      setUrl('');
      return feed.derniereErreur ? `Calendrier ${feed.libelle} ajouté, mais : ${feed.derniereErreur}` : `Calendrier ${feed.libelle} ajouté et synchronisé.`;
    });
  };

  const sync = (feed: Feed) =>
    act(`sync-${feed.id}`, async () => {
      const result = await calendarApi.syncFeed(feed.id);
      if (result.derniereErreur) throw new SyncFailure(result.derniereErreur);
      return `Calendrier ${feed.libelle} synchronisé.`;
    });

  const remove = (feed: Feed) => {
    if (!window.confirm(`Retirer le calendrier ${feed.libelle} ? Les jours qu'il bloquait seront libérés.`)) return;
    void act(`del-${feed.id}`, async () => {
      await calendarApi.removeFeed(feed.id);
      return `Calendrier ${feed.libelle} retiré.`;
    });
  };

  if (failed) return <Alert tone="danger">Les calendriers n'ont pas pu être chargés.</Alert>;
  if (!data) return <Spinner label="Chargement des calendriers…" />;
  return (
    <section className="adm-calendars" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Calendriers</h3>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <h4>Exporter vers les plateformes</h4>
      <p>Collez cette adresse privée dans Airbnb, Booking.com ou Abritel pour qu'ils voient les nuits réservées ici.</p>
      <div className="adm-calendars__export">
        <TextField label="Adresse d'export (iCal)" readOnly value={data.exportUrl} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="sk-button sk-button--secondary" onClick={() => void copy()} disabled={busy !== null}>
          Copier l'adresse
        </button>
        <button type="button" className="sk-button sk-button--ghost" onClick={regenerate} disabled={busy !== null}>
          Régénérer l'adresse
        </button>
      </div>
      <h4>Calendriers importés</h4>
      {data.flux.length === 0 ? <p>Aucun calendrier importé.</p> : null}
      <ul className="adm-calendars__feeds">
        {data.flux.map((feed) => (
          <li key={feed.id} className="adm-calendars__feed">
            <p>
              <strong>{feed.libelle}</strong> <span className="adm-calendars__url">{feed.url}</span>
            </p>
            <p>{feedStatus(feed)}</p>
            {feed.derniereErreur ? <p className="adm-calendars__error">{`Dernière erreur : ${feed.derniereErreur}`}</p> : null}
            <div className="adm-calendars__actions">
              <button type="button" className="sk-button sk-button--secondary" onClick={() => void sync(feed)} disabled={busy !== null} aria-busy={busy === `sync-${feed.id}` || undefined}>
                Synchroniser maintenant
              </button>
              <button type="button" className="sk-button sk-button--ghost" onClick={() => remove(feed)} disabled={busy !== null} aria-label={`Retirer le calendrier ${feed.libelle}`}>
                Retirer
              </button>
            </div>
          </li>
        ))}
      </ul>
      <form className="adm-calendars__add" onSubmit={add} noValidate>
        <SelectField label="Plateforme" value={label} onChange={(e) => setLabel(e.target.value as FeedLabel)}>
          {FEED_LABELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <TextField label="Adresse du calendrier à importer (iCal)" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/calendar.ics" />
        <button type="submit" className="sk-button" disabled={busy !== null} aria-busy={busy === 'add' || undefined}>
          Ajouter le calendrier
        </button>
      </form>
    </section>
  );
}
