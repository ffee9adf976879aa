/**
 * The dashboard's charts (recharts, loaded on demand: ARCHITECTURE.md says why recharts and what it
 * weighs). They are pictures of the tables beside them: the figures themselves are read in the tables.
 */
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDecimal, formatEuro, type StatistiquesAppartement } from 'shared-kernel';
import { monthPoints, type MonthRow } from './chartData';

/** AA contrast against white for both series (3:1 for graphics at least). */
const CURRENT = '#1d4ed8';
const PREVIOUS = '#6b7280';
export const CHART_HEIGHT = 260;

const euroTick = (value: number) => formatEuro(value);
const percentTick = (value: number) => `${formatDecimal(value, 1)} %`;

/** Without ResizeObserver (old browsers, jsdom) the chart is left out: the table carries the figures. */
function Frame({ label, children }: { label: string; children: ReactNode }) {
  if (typeof ResizeObserver === 'undefined') return null;
  return (
    <div role="img" aria-label={label} className="adm-dash__chart-frame">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        {children as never}
      </ResponsiveContainer>
    </div>
  );
}

export function MonthsChart({ rows, kind }: { rows: readonly MonthRow[]; kind: 'taux' | 'ca' }) {
  const points = monthPoints(rows);
  const format = kind === 'taux' ? percentTick : euroTick;
  return (
    <Frame
      label={
        kind === 'taux'
          ? 'Graphique du taux d’occupation par mois et un an avant'
          : 'Graphique du chiffre d’affaires par mois et un an avant'
      }
    >
      <BarChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={format} tick={{ fontSize: 12 }} width={kind === 'taux' ? 56 : 80} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? format(value) : String(value))} />
        <Legend />
        <Bar dataKey={kind} name="Période" fill={CURRENT} isAnimationActive={false} />
        <Bar dataKey={kind === 'taux' ? 'tauxAvant' : 'caAvant'} name="Un an avant" fill={PREVIOUS} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

export function ApartmentsChart({ apartments }: { apartments: readonly StatistiquesAppartement[] }) {
  const points = apartments.slice(0, 12).map((a) => ({ titre: a.titre, ca: a.chiffreAffairesCents / 100 }));
  return (
    <Frame label="Graphique du chiffre d’affaires par appartement">
      <BarChart data={points} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={euroTick} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="titre" width={120} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? euroTick(value) : String(value))} />
        <Bar dataKey="ca" name="Chiffre d’affaires" fill={CURRENT} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}
