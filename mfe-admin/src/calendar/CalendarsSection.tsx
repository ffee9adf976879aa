import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  FEED_LABELS,
  formatDecimal,
  serverMessage,
  Spinner,
  type FeedLabel,
  type FeedSync,
  Alert,
  type AlertTone,
  SelectField,
  TextField,
  adminCalendarApi,
  adminQueries,
  loadState,
  useMutation,
  useQuery,
  useQueryClient,
  type ApartmentCalendars,
  type ImportedFeed,
} from 'shared-kernel';
import './calendar.css';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** How often a running sync is read again. */
export const SYNC_POLL_MS = 1000;

const STEPS: Record<FeedSync['etape'], string> = {
  attente: 'en attente de son tour',
  telechargement: 'téléchargement du calendrier',
  lecture: 'lecture du calendrier',
  enregistrement: 'enregistrement des nuits',
};

function feedStatus(feed: ImportedFeed): string {
  const last = feed.derniereSynchroLe
    ? `Dernière synchronisation réussie : ${dateTime.format(new Date(feed.derniereSynchroLe))}`
    : 'Jamais synchronisé';
  return `${last} · ${feed.evenements} ${feed.evenements > 1 ? 'événements' : 'événement'}`;
}

/** What the admin is told when a sync they started ends. */
function outcome(feed: ImportedFeed, started: 'add' | 'sync'): { tone: AlertTone; text: string } {
  if (feed.derniereErreur)
    return {
      tone: 'danger',
      text: started === 'add' ? `Calendrier ${feed.libelle} ajouté, mais : ${feed.derniereErreur}` : feed.derniereErreur,
    };
  const done = started === 'add' ? `Calendrier ${feed.libelle} ajouté et synchronisé.` : `Calendrier ${feed.libelle} synchronisé.`;
  return feed.avertissement ? { tone: 'warning', text: `${done} ${feed.avertissement}` } : { tone: 'success', text: done };
}

/** A running sync: its step (announced), and the nights written so far once it writes them. */
function SyncProgress({ sync }: { sync: FeedSync }) {
  const writing = sync.etape === 'enregistrement' && sync.total !== null && sync.total > 0;
  return (
    <div className="adm-calendars__sync">
      <p role="status">{`Synchronisation en cours : ${STEPS[sync.etape]}…`}</p>
      {writing ? (
        <p>
          <progress max={sync.total!} value={sync.fait ?? 0} aria-label="Nuits enregistrées" />{' '}
          {`${formatDecimal(sync.fait ?? 0, 0)} nuits sur ${formatDecimal(sync.total!, 0)}`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Calendriers' of the apartment editor (issue 14): the private export address for the other
 * channels (copy, regenerate) and the channels' feeds imported here, with their status. A sync runs
 * on the server in the background (issue 26): the section follows it while it runs and says how it ended.
 */
export function CalendarsSection({ appartementId }: { appartementId: number }) {
  const id = useId();
  const client = useQueryClient();
  const read = useQuery({
    ...adminQueries.apartmentCalendars(appartementId),
    // A running sync is read again every second until it ends (issue 26).
    refetchInterval: (query) => (query.state.data?.flux.some((f) => f.synchro !== null) ? SYNC_POLL_MS : false),
  });
  const state = loadState(read);
  const data = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';
  /** What the section told last outside an action's own outcome: a sync's end, or a refused form. */
  const [told, setTold] = useState<{ tone: AlertTone; text: string } | null>(null);
  const [label, setLabel] = useState<FeedLabel>('Airbnb');
  const [url, setUrl] = useState('');
  /** Syncs this admin started, whose end is to be told. */
  const watched = useRef(new Map<number, 'add' | 'sync'>());

  /** Tells the end of the watched syncs the calendars show ended. */
  const settle = useCallback((calendars: ApartmentCalendars) => {
    for (const feed of calendars.flux) {
      const started = watched.current.get(feed.id);
      if (started && feed.synchro === null) {
        watched.current.delete(feed.id);
        setTold(outcome(feed, started));
      }
    }
  }, []);

  useEffect(() => {
    if (data) settle(data);
  }, [data, settle]);

  /** One action at a time, named by `key` (the button it shows busy); `work` answers what to tell, if anything. */
  const action = useMutation({
    mutationFn: ({ work }: { key: string; work: () => Promise<string | null> }) => work(),
    // The action's outcome is the latest news: it replaces what was told meanwhile.
    onSuccess: (done) => {
      if (done) setTold(null);
    },
    onError: () => setTold(null),
    onSettled: () => {
      // Every change (or failure) is followed by the calendars as the server now holds them.
      const key = adminQueries.apartmentCalendars(appartementId).queryKey;
      void client.invalidateQueries({ queryKey: key }).then(() => {
        const fresh = client.getQueryData<ApartmentCalendars>(key);
        if (fresh) settle(fresh);
      });
    },
  });
  const busy = action.isPending ? action.variables.key : null;
  const message =
    told ??
    (action.isSuccess && action.data
      ? { tone: 'success' as const, text: action.data }
      : action.isError
        ? { tone: 'danger' as const, text: serverMessage(action.error) ?? "L'opération a échoué. Réessayez." }
        : null);

  const act = (key: string, work: () => Promise<string | null>) => {
    if (action.isPending) return;
    setTold(null);
    action.mutate({ key, work });
  };

  const copy = () =>
    act('copy', async () => {
      await navigator.clipboard.writeText(data?.exportUrl ?? '');
      return 'Adresse copiée.';
    });

  const regenerate = () => {
    if (!window.confirm("Créer une nouvelle adresse ? L'ancienne ne fonctionnera plus : il faudra la remplacer sur chaque plateforme."))
      return;
    act('regen', async () => {
      await adminCalendarApi.regenerate(appartementId);
      return "Nouvelle adresse d'export créée.";
    });
  };

  /** The server answers once the sync has started; its end is told when the section sees it. */
  const follow = (feed: ImportedFeed, started: 'add' | 'sync'): string | null => {
    if (feed.synchro === null) return outcome(feed, started).text;
    watched.current.set(feed.id, started);
    return null;
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!url.trim()) {
      setTold({ tone: 'danger', text: "Indiquez l'adresse du calendrier (iCal) de la plateforme." });
      return;
    }
    act('add', async () => {
      const feed = await adminCalendarApi.addFeed(appartementId, label, url.trim());
      setUrl('');
      return follow(feed, 'add');
    });
  };

  const sync = (feed: ImportedFeed) => act(`sync-${feed.id}`, async () => follow(await adminCalendarApi.syncFeed(feed.id), 'sync'));

  const remove = (feed: ImportedFeed) => {
    if (!window.confirm(`Retirer le calendrier ${feed.libelle} ? Les jours qu'il bloquait seront libérés.`)) return;
    act(`del-${feed.id}`, async () => {
      await adminCalendarApi.removeFeed(feed.id);
      watched.current.delete(feed.id);
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
        <button type="button" className="sk-button sk-button--secondary" onClick={copy} disabled={busy !== null}>
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
            {feed.avertissement ? <p className="adm-calendars__warning">{`Attention : ${feed.avertissement}`}</p> : null}
            {feed.synchro ? <SyncProgress sync={feed.synchro} /> : null}
            <div className="adm-calendars__actions">
              <button
                type="button"
                className="sk-button sk-button--secondary"
                onClick={() => sync(feed)}
                disabled={busy !== null || feed.synchro !== null}
                aria-busy={busy === `sync-${feed.id}` || feed.synchro !== null || undefined}
              >
                Synchroniser maintenant
              </button>
              <button
                type="button"
                className="sk-button sk-button--ghost"
                onClick={() => remove(feed)}
                disabled={busy !== null}
                aria-label={`Retirer le calendrier ${feed.libelle}`}
              >
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
        <TextField
          label="Adresse du calendrier à importer (iCal)"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://…/calendar.ics"
        />
        <button type="submit" className="sk-button" disabled={busy !== null} aria-busy={busy === 'add' || undefined}>
          Ajouter le calendrier
        </button>
      </form>
    </section>
  );
}
