/** The period's headline figures; the tiles keep their size while loading ("—"), so nothing moves. */
import type { Statistiques } from 'shared-kernel';
import { formatMoney, formatRate, NONE } from './format';

export function KpiTiles({ figures }: { figures: Statistiques | null }) {
  const f = figures;
  const tiles: Array<[string, string, string | null]> = [
    [
      'Taux d’occupation',
      f ? formatRate(f.tauxOccupation) : NONE,
      f ? `${f.nuitsVendues} nuits vendues sur ${f.nuitsOuvertes} ouvertes` : null,
    ],
    [
      'Chiffre d’affaires',
      f ? formatMoney(f.chiffreAffairesCents) : NONE,
      f ? `un an avant : ${formatMoney(f.anneePrecedente.chiffreAffairesCents)}` : null,
    ],
    ['Prix moyen par nuit', f ? formatMoney(f.prixMoyenNuitCents) : NONE, 'hébergement seul, hors ménage et taxe'],
    ['RevPAR', f ? formatMoney(f.revparCents) : NONE, 'chiffre d’affaires par nuit ouverte'],
    ['Annulations', f ? String(f.annulations) : NONE, 'séjours annulés ayant une nuit dans la période'],
    ['Nuits autres canaux', f ? String(f.nuitsAutresCanaux) : NONE, 'calendriers importés, hors nuits vendues'],
  ];
  return (
    <dl className="sk-tiles adm-dash__tiles">
      {tiles.map(([label, value, hint]) => (
        <div key={label} className="sk-card adm-dash__tile">
          <dt>{label}</dt>
          <dd className="adm-dash__value">{value}</dd>
          <dd className="sk-muted adm-dash__hint">{hint ?? '\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}
