import { formatDateFr, type CalendarData } from 'shared-kernel';
import { blockLabel, dayMap, statusClass } from './calendarDays';
import { daysOf } from './month';

/** Every apartment on one line per day of the month: the multi-apartment view. */
export function Timeline({ data, month }: { data: CalendarData; month: string }) {
  const monthDays = daysOf(month);
  return (
    <div className="adm-cal__timeline-wrap" tabIndex={0} role="region" aria-label="Frise de tous les appartements">
      <table className="adm-cal__timeline">
        <thead>
          <tr>
            <th scope="col">Appartement</th>
            {monthDays.map((d) => (
              <th key={d} scope="col">
                {Number(d.slice(8))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.appartements.map((a) => {
            const map = dayMap(data, a.id);
            return (
              <tr key={a.id}>
                <th scope="row">{a.titre}</th>
                {monthDays.map((d) => {
                  const info = map.get(d);
                  const stay = info?.stays[0];
                  const block = info?.blocks[0];
                  const conflictHere = info?.blocks.some((b) => b.enConflit);
                  const cls = conflictHere ? 'conflit' : stay ? statusClass(stay.status) : block ? block.origine : null;
                  const text = conflictHere
                    ? 'Conflit'
                    : stay
                      ? `Réservation n° ${stay.id} (${stay.status})`
                      : block
                        ? blockLabel(block)
                        : 'Libre';
                  return (
                    <td key={d} className={cls ? `adm-cal__tag--${cls}` : undefined} title={`${formatDateFr(d)} : ${text}`}>
                      <span className="sk-visually-hidden">{`${formatDateFr(d)} : ${text}`}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
