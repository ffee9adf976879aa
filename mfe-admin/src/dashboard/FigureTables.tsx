/** The figures of each chart as a table: what a screen reader, a keyboard or a printout reads. */
import { pluralize, type StatistiquesAppartement } from 'shared-kernel';
import type { MonthRow } from './chartData';
import { formatMoney, formatRate, NONE } from './format';

/** A table that scrolls on its own on a phone (focusable, so the keyboard can scroll it too). */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="adm-dash__table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function MonthsTable({ rows, kind, caption }: { rows: readonly MonthRow[]; kind: 'taux' | 'ca'; caption: string }) {
  const cell = (m: MonthRow['current'] | null) =>
    m === null ? NONE : kind === 'taux' ? formatRate(m.tauxOccupation) : formatMoney(m.chiffreAffairesCents);
  return (
    <Scroll label={caption}>
      <table className="adm-table">
        <caption className="sk-muted">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Période</th>
            <th scope="col">Un an avant</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.mois}>
              <th scope="row">{r.label}</th>
              <td>
                {cell(r.current)}
                {kind === 'taux' ? (
                  <span className="sk-muted">
                    {' '}
                    ({pluralize(r.current.nuitsVendues, 'nuit')} / {r.current.nuitsOuvertes})
                  </span>
                ) : null}
              </td>
              <td>{cell(r.previous)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

export function ApartmentsTable({ apartments }: { apartments: readonly StatistiquesAppartement[] }) {
  const caption = 'Chiffres par appartement';
  return (
    <Scroll label={caption}>
      <table className="adm-table">
        <caption className="sk-muted">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Appartement</th>
            <th scope="col">Chiffre d’affaires</th>
            <th scope="col">Nuits vendues</th>
            <th scope="col">Taux d’occupation</th>
            <th scope="col">Prix moyen par nuit</th>
            <th scope="col">RevPAR</th>
            <th scope="col">Autres canaux</th>
            <th scope="col">Annulations</th>
          </tr>
        </thead>
        <tbody>
          {apartments.map((a) => (
            <tr key={a.appartementId}>
              <th scope="row">{a.titre}</th>
              <td>{formatMoney(a.chiffreAffairesCents)}</td>
              <td>{`${a.nuitsVendues} / ${a.nuitsOuvertes}`}</td>
              <td>{formatRate(a.tauxOccupation)}</td>
              <td>{formatMoney(a.prixMoyenNuitCents)}</td>
              <td>{formatMoney(a.revparCents)}</td>
              <td>{a.nuitsAutresCanaux}</td>
              <td>{a.annulations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
