/**
 * Keyboard use of react-date-range's month as a date grid (WAI-ARIA date picker pattern): one Tab
 * stop into the month (roving tabindex: only the active day is tabbable), arrow keys move by day
 * and week, Page Up / Page Down by month, Home / End to the start / end of the week; moving out of
 * the month shown turns the month with the calendar's own buttons. Enter or Space on a day picks it
 * through `onPick` (the library's own key handling is stopped: it would pick an unavailable day and
 * leave its drag state half done). Unavailable days stay focusable and are marked aria-disabled, so
 * they are announced as such.
 *
 * The library re-creates its day buttons when the month changes and makes every enabled one
 * tabbable: a MutationObserver puts the roving tabindex back after each of its renders.
 */
import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { addDaysIso, addMonthsIso } from 'shared-kernel';

const DAY_SELECTOR = 'button.rdrDay:not(.rdrDayPassive)';

function isoOf(button: Element): string | null {
  return button.querySelector('[data-iso]')?.getAttribute('data-iso') ?? null;
}

function dayButtons(root: HTMLElement): HTMLButtonElement[] {
  return Array.from(root.querySelectorAll<HTMLButtonElement>(DAY_SELECTOR));
}

function buttonFor(root: HTMLElement, iso: string): HTMLButtonElement | null {
  return dayButtons(root).find((b) => isoOf(b) === iso) ?? null;
}

/** Monday-first weekday index, 0 to 6. */
function weekdayOf(iso: string): number {
  return (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function targetOf(key: string, iso: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDaysIso(iso, -1);
    case 'ArrowRight':
      return addDaysIso(iso, 1);
    case 'ArrowUp':
      return addDaysIso(iso, -7);
    case 'ArrowDown':
      return addDaysIso(iso, 7);
    case 'PageUp':
      return addMonthsIso(iso, -1);
    case 'PageDown':
      return addMonthsIso(iso, 1);
    case 'Home':
      return addDaysIso(iso, -weekdayOf(iso));
    case 'End':
      return addDaysIso(iso, 6 - weekdayOf(iso));
    default:
      return null;
  }
}

export interface DayGridKeyboard {
  ref: (element: HTMLDivElement | null) => void;
  /** For the capture phase: runs before the library's handlers on the day buttons. */
  onKeyDownCapture: (event: KeyboardEvent<HTMLElement>) => void;
  onKeyUpCapture: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

const PICK_KEYS = new Set(['Enter', ' ']);

/** How long a move into another month waits for that month's days before giving up. */
const FOCUS_WAIT_MS = 2_000;

/** `initial`: the day the Tab stop starts on (the arrival when there is one, else today). */
export function useDayGridKeyboard(initial: string, onPick: (iso: string) => void): DayGridKeyboard {
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const root = useRef<HTMLDivElement | null>(null);
  const active = useRef<string | null>(null);
  const observer = useRef<MutationObserver | null>(null);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  /** Only one day of the month shown is tabbable: the active one, else the arrival or today, else the first. */
  const applyRoving = useCallback(() => {
    const element = root.current;
    if (!element) return;
    const days = dayButtons(element);
    const find = (iso: string | null) => (iso ? days.find((b) => isoOf(b) === iso) : undefined);
    const stop = find(active.current) ?? find(initialRef.current) ?? days.find((b) => !b.classList.contains('rdrDayDisabled')) ?? days[0];
    for (const day of days) {
      const tabIndex = day === stop ? '0' : '-1';
      if (day.getAttribute('tabindex') !== tabIndex) day.setAttribute('tabindex', tabIndex);
      const disabled = day.classList.contains('rdrDayDisabled');
      if (disabled && day.getAttribute('aria-disabled') !== 'true') day.setAttribute('aria-disabled', 'true');
      if (!disabled && day.hasAttribute('aria-disabled')) day.removeAttribute('aria-disabled');
    }
  }, []);

  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      observer.current?.disconnect();
      root.current = element;
      if (!element) return;
      applyRoving();
      // Class changes (a day becoming disabled) and new buttons (another month) both need the roving tabindex again.
      observer.current = new MutationObserver(applyRoving);
      observer.current.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    },
    [applyRoving],
  );

  useEffect(() => () => observer.current?.disconnect(), []);
  useEffect(() => {
    applyRoving();
  });

  const focusDay = useCallback(
    (iso: string, until = Date.now() + FOCUS_WAIT_MS) => {
      const element = root.current;
      if (!element) return;
      const button = buttonFor(element, iso);
      if (button) {
        active.current = iso;
        applyRoving();
        button.focus();
      } else if (Date.now() < until) {
        // The month is turning: the library renders the new days on one of its next updates, later
        // on a slow phone. Until then the old day buttons are gone and the focus with them.
        setTimeout(() => focusDay(iso, until), 4);
      }
    },
    [applyRoving],
  );

  const onKeyDownCapture = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const element = root.current;
      const day = (event.target as Element).closest?.(DAY_SELECTOR);
      if (!element || !day) return;
      const from = isoOf(day);
      if (from && PICK_KEYS.has(event.key)) {
        event.preventDefault();
        event.stopPropagation();
        pickRef.current(from);
        return;
      }
      const to = from ? targetOf(event.key, from) : null;
      if (!from || !to) return;
      event.preventDefault();
      if (!buttonFor(element, to)) {
        // Outside the month shown (every move is at most one month): turn it with the calendar's own button.
        element.querySelector<HTMLButtonElement>(to > from ? '.rdrNextButton' : '.rdrPprevButton')?.click();
      }
      focusDay(to);
    },
    [focusDay],
  );

  const onKeyUpCapture = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (PICK_KEYS.has(event.key) && (event.target as Element).closest?.(DAY_SELECTOR)) event.stopPropagation();
  }, []);

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const day = (event.target as Element).closest?.(DAY_SELECTOR);
      const iso = day ? isoOf(day) : null;
      if (iso && iso !== active.current) {
        active.current = iso;
        applyRoving();
      }
    },
    [applyRoving],
  );

  return { ref, onKeyDownCapture, onKeyUpCapture, onFocus };
}
