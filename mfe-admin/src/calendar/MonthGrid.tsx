import { formatLongDate } from 'shared-kernel';
import { blockLabel, statusClass, type DayInfo } from './calendarDays';
import { weeksOf } from './month';

const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

/** One apartment's month, a button per day: what occupies it, and whether it is in the picked range. */
export function MonthGrid({
  month,
  days,
  labelledBy,
  isPicked,
  onPick,
}: {
  month: string;
  days: Map<string, DayInfo>;
  labelledBy: string;
  isPicked: (day: string) => boolean;
  onPick: (day: string) => void;
}) {
  return (
    <table className="adm-cal__grid" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} scope="col">
              {/* A phone's seventh of the screen holds 'Lun.', not 'Mercredi': one of the two is shown. */}
              <span className="adm-cal__weekday adm-cal__weekday--full">{w}</span>
              <abbr className="adm-cal__weekday adm-cal__weekday--short" title={w}>
                {`${w.slice(0, 3)}.`}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week, i) => (
          <tr key={i}>
            {week.map((d, j) => {
              if (!d) return <td key={j} />;
              const info = days.get(d);
              const tags = [
                ...(info?.stays ?? []).map((s) => ({
                  key: `r${s.id}`,
                  cls: statusClass(s.status),
                  text: `Réservation n° ${s.id} (${s.status})`,
                })),
                ...(info?.blocks ?? []).map((b, k) => ({
                  key: `b${k}`,
                  cls: b.enConflit ? 'conflit' : b.origine,
                  text: blockLabel(b),
                })),
              ];
              return (
                <td key={d}>
                  <button
                    type="button"
                    className="adm-cal__day"
                    aria-pressed={isPicked(d)}
                    onClick={() => onPick(d)}
                    aria-label={`${formatLongDate(d)}${tags.length ? ` : ${tags.map((t) => t.text).join(', ')}` : ' : libre'}`}
                  >
                    <span className="adm-cal__num" aria-hidden="true">
                      {Number(d.slice(8))}
                    </span>
                    {tags.map((t) => (
                      <span key={t.key} className={`adm-cal__tag adm-cal__tag--${t.cls}`} aria-hidden="true">
                        {t.text}
                      </span>
                    ))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
