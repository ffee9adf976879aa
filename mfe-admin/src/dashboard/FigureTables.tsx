/** The figures of each chart as a table: what a screen reader, a keyboard or a printout reads. */
import { pluralize, Table, type StatistiquesAppartement } from 'shared-kernel';
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
      <Table
        caption={caption}
        rows={rows}
        rowKey={(r) => r.mois}
        columns={[
          { header: 'Mois', cell: (r) => r.label, rowHeader: true },
          {
            header: 'Période',
            cell: (r) => (
              <>
                {cell(r.current)}
                {kind === 'taux' ? (
                  <span className="sk-muted">
                    {' '}
                    ({pluralize(r.current.nuitsVendues, 'nuit')} / {r.current.nuitsOuvertes})
                  </span>
                ) : null}
              </>
            ),
          },
          { header: 'Un an avant', cell: (r) => cell(r.previous) },
        ]}
      />
    </Scroll>
  );
}

export function ApartmentsTable({ apartments }: { apartments: readonly StatistiquesAppartement[] }) {
  const caption = 'Chiffres par appartement';
  return (
    <Scroll label={caption}>
      <Table
        caption={caption}
        rows={apartments}
        rowKey={(a) => a.appartementId}
        columns={[
          { header: 'Appartement', cell: (a) => a.titre, rowHeader: true },
          { header: 'Chiffre d’affaires', cell: (a) => formatMoney(a.chiffreAffairesCents) },
          { header: 'Nuits vendues', cell: (a) => `${a.nuitsVendues} / ${a.nuitsOuvertes}` },
          { header: 'Taux d’occupation', cell: (a) => formatRate(a.tauxOccupation) },
          { header: 'Prix moyen par nuit', cell: (a) => formatMoney(a.prixMoyenNuitCents) },
          { header: 'RevPAR', cell: (a) => formatMoney(a.revparCents) },
          { header: 'Autres canaux', cell: (a) => a.nuitsAutresCanaux },
          { header: 'Annulations', cell: (a) => a.annulations },
        ]}
      />
    </Scroll>
  );
}
