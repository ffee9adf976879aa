import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  adminQueries,
  keepPreviousData,
  useQuery,
  parseIsoDate,
  serverMessage,
  Spinner,
  todayIn,
  usePageMeta,
  Alert,
  SelectField,
  TextField,
  ToggleButtons,
  adminStatisticsApi,
  type StatisticsFilter,
} from 'shared-kernel';
import { monthRows } from '../dashboard/chartData';
import { ApartmentsTable, MonthsTable } from '../dashboard/FigureTables';
import { KpiTiles } from '../dashboard/KpiTiles';
import { PRESETS, presetPeriod, type PresetId } from '../dashboard/periods';
import { saveBlob } from '../ui/saveBlob';
import '../ui/ui.css';
import '../reservations/reservations.css';
import '../dashboard/dashboard.css';

// The chart library is fetched only when the dashboard shows its charts (ARCHITECTURE.md: recharts).
const MonthsChart = lazy(() => import('../dashboard/Charts').then((m) => ({ default: m.MonthsChart })));
const ApartmentsChart = lazy(() => import('../dashboard/Charts').then((m) => ({ default: m.ApartmentsChart })));

export const DASHBOARD_TITLE = 'Tableau de bord';
export const DASHBOARD_FAILED = 'Les chiffres n’ont pas pu être calculés.';
export const DASHBOARD_EMPTY = 'Aucune nuit vendue sur cette période, ni un an avant.';
export const CSV_FAILED = 'L’export n’a pas pu être téléchargé.';

/**
 * Admin (route '/admin', issue 30 item 1, DECISIONS 40): how full the apartments are and what they
 * earn, for a period and against the same months a year before, per month and per apartment; each
 * chart has its table; the figures download as CSV.
 */
export default function DashboardPage() {
  usePageMeta(DASHBOARD_TITLE, 'Occupation, chiffre d’affaires, prix moyen et RevPAR, par mois et par appartement.');
  const [preset, setPreset] = useState<PresetId | null>('mois');
  const [filter, setFilter] = useState<StatisticsFilter>(() => ({ ...presetPeriod('mois', todayIn('Europe/Paris')), appartementId: null }));
  const [draft, setDraft] = useState({ du: filter.du, au: filter.au });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const apartments = useQuery(adminQueries.apartments()).data ?? [];
  const read = useQuery({ ...adminQueries.statistics(filter), placeholderData: keepPreviousData });
  const [exportError, setExportError] = useState<string | null>(null);
  // While another period loads, the figures shown stay, unless the last answer was a failure.
  const failedLast = useRef(false);
  if (!read.isFetching) failedLast.current = read.isError;
  const failed = read.isError && !read.isFetching;
  const loading = read.isFetching || (read.data === undefined && !failed);

  const choosePreset = (id: PresetId) => {
    const period = presetPeriod(id, todayIn('Europe/Paris'));
    setPreset(id);
    setDraft(period);
    setRangeError(null);
    setFilter((f) => ({ ...f, ...period }));
  };

  const applyRange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parseIsoDate(draft.du) || !parseIsoDate(draft.au)) return setRangeError('Indiquez deux dates valides.');
    if (draft.au < draft.du) return setRangeError('La date de fin doit être postérieure ou égale à la date de début.');
    setRangeError(null);
    setPreset(null);
    setFilter((f) => ({ ...f, du: draft.du, au: draft.au }));
  };

  const download = async () => {
    setExportError(null);
    try {
      saveBlob(await adminStatisticsApi.csv(filter), `statistiques-${filter.du}-${filter.au}.csv`);
    } catch (error) {
      setExportError(serverMessage(error) ?? CSV_FAILED);
    }
  };

  const figures = failed || (failedLast.current && read.isPlaceholderData) ? null : (read.data ?? null);
  const rows = figures ? monthRows(figures) : [];
  const empty = figures !== null && figures.nuitsVendues === 0 && figures.anneePrecedente.nuitsVendues === 0;

  return (
    <div className="sk-page adm-page adm-dash">
      <h1 className="sk-page__title">{DASHBOARD_TITLE}</h1>
      <div className="sk-cluster sk-cluster--end sk-gap-3 adm-dash__controls">
        <fieldset className="sk-actions sk-bare-fieldset adm-dash__presets">
          <legend>Période</legend>
          <ToggleButtons options={PRESETS} value={preset} onChange={choosePreset} />
        </fieldset>
        <SelectField
          label="Appartement"
          value={filter.appartementId ?? ''}
          onChange={(e) => setFilter((f) => ({ ...f, appartementId: e.target.value === '' ? null : Number(e.target.value) }))}
        >
          <option value="">Tous les appartements</option>
          {apartments.map((a) => (
            <option key={a.id} value={a.id}>
              {a.titre}
            </option>
          ))}
        </SelectField>
      </div>
      <form
        className="sk-cluster sk-cluster--end sk-gap-3 adm-dash__controls"
        noValidate
        onSubmit={applyRange}
        aria-label="Période personnalisée"
      >
        <TextField label="Du" type="date" value={draft.du} onChange={(e) => setDraft((d) => ({ ...d, du: e.target.value }))} />
        <TextField label="Au" type="date" value={draft.au} onChange={(e) => setDraft((d) => ({ ...d, au: e.target.value }))} />
        <button type="submit" className="sk-button sk-button--secondary">
          Afficher la période
        </button>
        <button type="button" className="sk-button adm-dash__export" onClick={() => void download()}>
          Télécharger le CSV
        </button>
      </form>
      <div className="adm-dash__status">
        {rangeError ? <Alert tone="danger">{rangeError}</Alert> : null}
        {exportError ? <Alert tone="danger">{exportError}</Alert> : null}
        {failed ? <Alert tone="danger">{serverMessage(read.error) ?? DASHBOARD_FAILED}</Alert> : null}
        {loading ? <Spinner label="Calcul des chiffres…" /> : null}
        {empty ? <Alert tone="info">{DASHBOARD_EMPTY}</Alert> : null}
      </div>
      <div aria-busy={loading}>
        <KpiTiles figures={figures} />
        <ChartSection title="Taux d’occupation par mois">
          {figures && !empty ? (
            <>
              <div className="adm-dash__chart">
                <Suspense fallback={null}>
                  <MonthsChart rows={rows} kind="taux" />
                </Suspense>
              </div>
              <MonthsTable rows={rows} kind="taux" caption="Taux d’occupation par mois, et le même mois un an avant" />
            </>
          ) : (
            <div className="adm-dash__chart" />
          )}
        </ChartSection>
        <ChartSection title="Chiffre d’affaires par mois">
          {figures && !empty ? (
            <>
              <div className="adm-dash__chart">
                <Suspense fallback={null}>
                  <MonthsChart rows={rows} kind="ca" />
                </Suspense>
              </div>
              <MonthsTable rows={rows} kind="ca" caption="Chiffre d’affaires par mois, et le même mois un an avant" />
            </>
          ) : (
            <div className="adm-dash__chart" />
          )}
        </ChartSection>
        <ChartSection title="Chiffre d’affaires par appartement">
          {figures && figures.parAppartement.length > 0 ? (
            <>
              <div className="adm-dash__chart">
                <Suspense fallback={null}>
                  <ApartmentsChart apartments={figures.parAppartement} />
                </Suspense>
              </div>
              <ApartmentsTable apartments={figures.parAppartement} />
            </>
          ) : (
            <div className="adm-dash__chart">{figures ? <p className="sk-muted">Aucun appartement dans cette sélection.</p> : null}</div>
          )}
        </ChartSection>
      </div>
    </div>
  );
}

function ChartSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="sk-card" aria-label={title}>
      <h2 className="sk-card__title">{title}</h2>
      <div className="sk-columns sk-gap-4 adm-dash__section">{children}</div>
    </section>
  );
}
