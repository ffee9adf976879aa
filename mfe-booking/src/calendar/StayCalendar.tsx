import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DateRange, type RangeFocus, type RangeKeyDict } from 'react-date-range';
import { fr } from 'date-fns/locale';
import { formatLongDate, getRuntimeConfig, lastDepartureDay, toIsoDate } from 'shared-kernel';
import { calendarLimits, isDayDisabled, isoToLocalDate, isRangeAvailable, todayIso } from '../booking/stayRange';
import { useDayGridKeyboard } from './useDayGridKeyboard';
import 'react-date-range/dist/styles.css';
import 'react-date-range/dist/theme/default.css';
import './calendar.css';

export const CALENDAR_LABEL = 'Choisissez vos dates';
export const DATES_REFUSED_TEXT = 'Ces dates ne sont pas disponibles.';
export const AVAILABILITY_LOADING_TEXT = 'Chargement des disponibilités…';
export const AVAILABILITY_FAILED_TEXT = "Les disponibilités n'ont pas pu être chargées : elles seront vérifiées lors de la réservation.";

const ARIA_LABELS = {
  dateInput: { selection: { startDate: "Date d'arrivée", endDate: 'Date de départ' } },
  monthPicker: 'Mois affiché',
  yearPicker: 'Année affichée',
  prevButton: 'Mois précédent',
  nextButton: 'Mois suivant',
};

/** A stay being picked: an arrival, then a departure (null until it is chosen). */
export interface StaySelection {
  startDate: string;
  endDate: string | null;
}

export interface StayCalendarProps {
  startDate: string | null;
  endDate: string | null;
  /** Unavailable days (YYYY-MM-DD). */
  unavailableDays: readonly string[];
  /** An arrival alone (endDate null), or a whole stay whose nights are all free. */
  onChange: (selection: StaySelection) => void;
  availabilityFailed?: boolean;
  /**
   * The unavailable days are still loading: no day can be picked yet (a taken day would look free),
   * and the calendar says so.
   */
  loading?: boolean;
  label?: string;
  /** A short nightly price shown small under each day (issue 12), or null for none. */
  dayPrice?: (iso: string) => string | null;
  /** Six weeks in every month, so that the calendar's height never depends on the month. */
  sixWeeks?: boolean;
}

const START: RangeFocus = [0, 0];
const END: RangeFocus = [0, 1];

/**
 * The date-range calendar of the panel and of the checkout (react-date-range, French): past days
 * and unavailable days are disabled and struck through; a range containing an unavailable night is
 * refused ('Ces dates ne sont pas disponibles.') and the previous selection stays. Stays are
 * half-open: while the departure is picked, the first unavailable day after the arrival can be
 * chosen as the departure day.
 */
export function StayCalendar({
  startDate,
  endDate,
  unavailableDays,
  onChange,
  availabilityFailed = false,
  loading = false,
  label = CALENDAR_LABEL,
  dayPrice,
  sixWeeks = false,
}: StayCalendarProps) {
  const today = todayIso();
  const unavailable = useMemo(() => new Set(unavailableDays), [unavailableDays]);
  const [focus, setFocus] = useState<RangeFocus>(startDate && !endDate ? END : START);
  const [refused, setRefused] = useState(false);
  // The focus the calendar moves to after a pick, decided here rather than by the library.
  const nextFocus = useRef<RangeFocus | null>(null);

  const pendingStart = focus[1] === 1 && startDate && !endDate ? startDate : null;
  // The server's limits (how far ahead, how long): days outside them are disabled like taken ones,
  // and no month is shown past the latest possible departure.
  const stayLimits = getRuntimeConfig().stayLimits;
  const limits = useMemo(() => calendarLimits(stayLimits, today), [stayLimits, today]);
  const maxDate = useMemo(
    () => (stayLimits ? (isoToLocalDate(lastDepartureDay(today, stayLimits)) ?? undefined) : undefined),
    [stayLimits, today],
  );
  const rules = { today, unavailable, pendingStart, limits };
  const minDate = isoToLocalDate(today) ?? undefined;

  // A new `ranges` makes the calendar show the selection's month again: only when the selection changes.
  const ranges = useMemo(() => {
    const start = startDate ? isoToLocalDate(startDate) : null;
    const end = endDate ? isoToLocalDate(endDate) : null;
    // With no dates, react-date-range would show every day as selected: an invalid end date avoids it.
    return [{ key: 'selection', startDate: start ?? undefined, endDate: end ?? start ?? new Date(Number.NaN) }];
  }, [startDate, endDate]);

  const handleChange = (ranges: RangeKeyDict) => {
    if (loading) return;
    const picked = ranges.selection;
    const first = picked?.startDate ?? picked?.endDate;
    if (!picked || !first) return;
    const from = toIsoDate(first);
    const to = picked.endDate ? toIsoDate(picked.endDate) : from;
    if (to <= from) {
      nextFocus.current = END;
      setRefused(false);
      onChange({ startDate: from, endDate: null });
    } else if (isRangeAvailable(from, to, unavailable, today, limits)) {
      nextFocus.current = START;
      setRefused(false);
      onChange({ startDate: from, endDate: to });
    } else {
      // Refused: the previous selection stays, and the departure can be picked again.
      nextFocus.current = focus;
      setRefused(true);
    }
  };

  // Enter or Space on a day (keyboard): the same outcome as a click on it.
  const pickDay = (iso: string) => {
    if (loading || isDayDisabled(iso, rules)) return;
    if (pendingStart && iso > pendingStart) {
      handleChange({
        selection: { startDate: isoToLocalDate(pendingStart) ?? undefined, endDate: isoToLocalDate(iso) ?? undefined, key: 'selection' },
      });
    } else {
      handleChange({
        selection: { startDate: isoToLocalDate(iso) ?? undefined, endDate: isoToLocalDate(iso) ?? undefined, key: 'selection' },
      });
    }
    // handleChange decided the next focus; the library is not told of keyboard picks.
    const decided = nextFocus.current;
    nextFocus.current = null;
    if (decided) setFocus(decided);
  };
  const grid = useDayGridKeyboard(startDate ?? today, pickDay);

  const handleFocusChange = (requested: RangeFocus) => {
    const decided = nextFocus.current;
    nextFocus.current = null;
    setFocus(decided ?? requested);
  };

  const dayContent = (day: Date) => {
    const iso = toIsoDate(day);
    const disabled = !loading && isDayDisabled(iso, rules);
    const price = disabled || loading ? null : (dayPrice?.(iso) ?? null);
    return (
      <>
        <span aria-hidden="true" data-iso={iso}>
          {day.getDate()}
        </span>
        {price ? (
          <span className="bk-calendar__price" aria-hidden="true">
            {price}
          </span>
        ) : null}
        <span className="sk-visually-hidden">{`${formatLongDate(day)}${disabled ? ', indisponible' : ''}${price ? `, ${price} la nuit` : ''}`}</span>
      </>
    );
  };

  return (
    <div
      ref={grid.ref}
      className={`bk-calendar${loading ? ' bk-calendar--loading' : ''}`}
      role="group"
      aria-label={label}
      aria-busy={loading ? 'true' : undefined}
      onKeyDownCapture={(event: KeyboardEvent<HTMLDivElement>) => grid.onKeyDownCapture(event)}
      onKeyUpCapture={(event: KeyboardEvent<HTMLDivElement>) => grid.onKeyUpCapture(event)}
      onFocus={grid.onFocus}
    >
      <DateRange
        locale={fr}
        ranges={ranges}
        onChange={handleChange}
        focusedRange={focus}
        onRangeFocusChange={handleFocusChange}
        minDate={minDate}
        maxDate={maxDate}
        disabledDay={(day) => loading || isDayDisabled(toIsoDate(day), rules)}
        dayContentRenderer={dayContent}
        dateDisplayFormat="d MMM yyyy"
        startDatePlaceholder="Arrivée"
        endDatePlaceholder="Départ"
        monthDisplayFormat="MMMM yyyy"
        rangeColors={['var(--sm-color-primary)']}
        color="var(--sm-color-primary)"
        showMonthAndYearPickers={false}
        weekStartsOn={1}
        ariaLabels={ARIA_LABELS}
        fixedHeight={sixWeeks}
      />
      <div aria-live="polite">
        {loading ? (
          <p className="bk-calendar__note bk-calendar__note--loading" role="status">
            {AVAILABILITY_LOADING_TEXT}
          </p>
        ) : null}
        {refused ? <p className="sk-error-note bk-calendar__refused">{DATES_REFUSED_TEXT}</p> : null}
        {availabilityFailed ? <p className="bk-calendar__note">{AVAILABILITY_FAILED_TEXT}</p> : null}
      </div>
    </div>
  );
}
