import { useEffect, useMemo, useRef } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { formatDateFr, pluralize, RETRY_LABEL, type CalendarData } from 'shared-kernel';
import { blockLabel, dayMaps, statusClass, type DayInfo } from './calendarDays';
import { daysOf } from './month';
import type { TimelinePages } from './useCalendarMonth';

/** Height of one apartment's line (px), as calendar.css draws it. */
export const ROW_HEIGHT = 28;
/** Lines drawn beyond the visible ones, above and below, so a scroll never shows a blank line. */
const OVERSCAN = 6;
/** The visible lines before the first measure (and in tests, where nothing is laid out). */
const INITIAL_ROWS = 16;

function DayCell({ d, info }: { d: string; info: DayInfo | undefined }) {
  const stay = info?.stays[0];
  const block = info?.blocks[0];
  const conflictHere = info?.blocks.some((b) => b.enConflit);
  const cls = conflictHere ? 'conflit' : stay ? statusClass(stay.status) : block ? block.origine : null;
  const text = conflictHere ? 'Conflit' : stay ? `Réservation n° ${stay.id} (${stay.status})` : block ? blockLabel(block) : 'Libre';
  return (
    <td className={cls ? `adm-cal__tag--${cls}` : undefined} title={`${formatDateFr(d)} : ${text}`}>
      <span className="sk-visually-hidden">{`${formatDateFr(d)} : ${text}`}</span>
    </td>
  );
}

/**
 * Every apartment (of the town chosen) on one line per day of the month: the multi-apartment view.
 * Only the lines in view are in the page (issue 32 item 6: 500 apartments), the others are the
 * height of the spacer rows; the table keeps its headers, and tells its real number of lines. With
 * `pages`, the lines come by pages: the next one is asked when the lines in view near the last one
 * loaded (a scroll, by mouse or keyboard), a line after the last says it loads (or failed).
 */
export function Timeline({
  data,
  month,
  label,
  pages = null,
}: {
  data: CalendarData;
  month: string;
  label: string;
  pages?: TimelinePages | null;
}) {
  const monthDays = daysOf(month);
  const maps = useMemo(() => dayMaps(data), [data]);
  const scroller = useRef<HTMLDivElement>(null);
  const loaded = data.appartements.length;
  const total = pages?.total ?? loaded;
  const hasMore = pages?.hasMore === true;
  const rows = useVirtualizer({
    count: loaded + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: ROW_HEIGHT * INITIAL_ROWS },
    // A region not laid out (yet) still shows its first lines rather than none.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { width: rect.width, height: ROW_HEIGHT * INITIAL_ROWS })),
  });
  const items = rows.getVirtualItems();
  const lastDrawn = items[items.length - 1]?.index ?? -1;
  // The lines drawn reach the overscan before the last loaded one: the next page, once (not after a failure).
  const wantsMore = hasMore && !pages?.loadingMore && !pages?.moreFailed && lastDrawn >= loaded - 1 - OVERSCAN;
  const loadMore = pages?.loadMore;
  useEffect(() => {
    if (wantsMore) loadMore?.();
  }, [wantsMore, loadMore]);
  const before = items[0]?.start ?? 0;
  const after = rows.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = monthDays.length + 1;

  return (
    <>
      <p className="adm-cal__count">{pluralize(total, 'appartement')}</p>
      <div ref={scroller} className="adm-cal__timeline-wrap" tabIndex={0} role="region" aria-label={label}>
        <table className="adm-cal__timeline" aria-rowcount={total + 1}>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">Appartement</th>
              {monthDays.map((d) => (
                <th key={d} scope="col">
                  {Number(d.slice(8))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {before > 0 ? (
              <tr aria-hidden="true" className="adm-cal__spacer">
                <td colSpan={columns} style={{ height: before }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const a = data.appartements[item.index];
              if (!a)
                return (
                  <tr key="suite" aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }}>
                    <td colSpan={columns} className="adm-cal__more">
                      {pages?.moreFailed ? (
                        <>
                          Les appartements suivants n'ont pas pu être chargés.{' '}
                          <button type="button" className="sk-button sk-button--secondary" onClick={pages.loadMore}>
                            {RETRY_LABEL}
                          </button>
                        </>
                      ) : (
                        'Chargement des appartements suivants…'
                      )}
                    </td>
                  </tr>
                );
              const map = maps.get(a.id);
              return (
                <tr key={a.id} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }}>
                  <th scope="row">{a.titre}</th>
                  {monthDays.map((d) => (
                    <DayCell key={d} d={d} info={map?.get(d)} />
                  ))}
                </tr>
              );
            })}
            {after > 0 ? (
              <tr aria-hidden="true" className="adm-cal__spacer">
                <td colSpan={columns} style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
