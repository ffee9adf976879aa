import { useState, type FormEvent } from 'react';
import {
  formatCents,
  MOUVEMENT_MOYENS,
  MOYEN_LABELS,
  serverMessage,
  Spinner,
  usePageMeta,
  Alert,
  PageFrame,
  TextField,
  adminAccountingApi,
  adminQueries,
  loadState,
  useQuery,
} from 'shared-kernel';
import { currentMonth, monthDays } from '../accounting/months';
import { saveBlob } from '../ui/saveBlob';
import '../ui/ui.css';
import '../accounting/accounting.css';

export const ACCOUNTING_TITLE = 'Comptabilité';
export const MONTH_FAILED = 'Les totaux de ce mois n’ont pas pu être calculés.';

/**
 * Admin (route '/admin/comptabilite', issue 31): a month's money from the books — received (by means),
 * refunded, net, refunds still to make, the taxe de séjour of the stays that ended in it — and the
 * CSV of every movement of a period, which a French accountant opens as is.
 */
export default function ComptabilitePage() {
  usePageMeta(ACCOUNTING_TITLE, 'Les totaux du mois et l’export comptable des mouvements.');
  const [mois, setMois] = useState(currentMonth);
  /** The last whole month typed: a month being typed keeps the totals shown. */
  const [asked, setAsked] = useState(mois);
  const state = loadState(useQuery(adminQueries.accountingMonth(asked)));
  const summary = state.status === 'ready' ? state.data : state.status;
  const [period, setPeriod] = useState(() => monthDays(currentMonth()));
  const [exportError, setExportError] = useState<string | null>(null);

  const chooseMonth = (value: string) => {
    setMois(value);
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setAsked(value);
    setPeriod(monthDays(value));
  };

  const download = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setExportError(null);
    try {
      saveBlob(await adminAccountingApi.csv(period.du, period.au), `comptabilite-${period.du}-au-${period.au}.csv`);
    } catch (error) {
      setExportError(serverMessage(error) ?? "L'export n'a pas pu être téléchargé.");
    }
  };

  return (
    <PageFrame title={ACCOUNTING_TITLE} className="adm-page">
      <section className="sk-card" aria-labelledby="adm-month-title">
        <h2 id="adm-month-title" className="sk-card__title">
          Le mois
        </h2>
        <TextField label="Mois" type="month" value={mois} onChange={(e) => chooseMonth(e.target.value)} />
        {summary === 'loading' ? <Spinner label="Calcul des totaux…" /> : null}
        {summary === 'error' ? <Alert tone="danger">{MONTH_FAILED}</Alert> : null}
        {typeof summary === 'object' ? (
          <dl className="adm-accounting">
            <div>
              <dt>Reçu</dt>
              <dd>{formatCents(summary.recuCents)}</dd>
            </div>
            {MOUVEMENT_MOYENS.filter((m) => summary.recuParMoyen[m] > 0).map((m) => (
              <div key={m} className="adm-accounting__detail">
                <dt>{`dont ${MOYEN_LABELS[m]}`}</dt>
                <dd>{formatCents(summary.recuParMoyen[m])}</dd>
              </div>
            ))}
            <div>
              <dt>Remboursé</dt>
              <dd>{formatCents(summary.rembourseCents)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>
                <strong>{formatCents(summary.netCents)}</strong>
              </dd>
            </div>
            <div>
              <dt>Remboursements à effectuer en fin de mois</dt>
              <dd>{formatCents(summary.aRembourserCents)}</dd>
            </div>
            <div>
              <dt>Taxe de séjour collectée (séjours terminés dans le mois)</dt>
              <dd>{formatCents(summary.taxeSejourCents)}</dd>
            </div>
            <div>
              <dt>Mouvements</dt>
              <dd>{summary.mouvements}</dd>
            </div>
          </dl>
        ) : null}
      </section>
      <section className="sk-card" aria-labelledby="adm-export-title">
        <h2 id="adm-export-title" className="sk-card__title">
          Export comptable
        </h2>
        <p>
          Un mouvement par ligne (date, pièce, réservation, client, type, moyen, référence, montant) : séparateur « ; », virgule décimale,
          UTF-8.
        </p>
        <form className="adm-inline-form" noValidate onSubmit={(e) => void download(e)} aria-labelledby="adm-export-title">
          <TextField label="Du" type="date" value={period.du} onChange={(e) => setPeriod((p) => ({ ...p, du: e.target.value }))} required />
          <TextField label="Au" type="date" value={period.au} onChange={(e) => setPeriod((p) => ({ ...p, au: e.target.value }))} required />
          <button type="submit" className="sk-button sk-button--secondary">
            Exporter en CSV
          </button>
        </form>
        {exportError ? <Alert tone="danger">{exportError}</Alert> : null}
      </section>
    </PageFrame>
  );
}
