/**
 * What a visitor does on a server-rendered page before it is hydrated (issue 17). The HTML is on
 * screen a second or more before the shell and the page's remote have arrived; React itself drops a
 * click on content it has not hydrated. So the server writes `EARLY_INPUT_CAPTURE_SCRIPT` first in
 * `<head>`: it holds back clicks on buttons, check boxes and radios (and forms sent with Enter) and
 * keeps them, and keeps typing and choices in a list from reaching React. The shell takes them once
 * React can handle them (right before a synchronous `hydrateRoot`, or once a hydration in a transition has committed).
 *
 * Links are left alone: the browser follows them, and the next page is server rendered too.
 */
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_PEEK_GLOBAL } from '../domain/page-data-keys.js';

/** A text field the visitor changed before hydration, and what they typed. */
interface EditedField {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
}

/** A list (`<select>`) whose choice the visitor changed before hydration, and which options they chose. */
interface ChosenSelect {
  field: HTMLSelectElement;
  selected: boolean[];
}

export interface EarlyInput {
  edited: EditedField[];
  chosen: ChosenSelect[];
  /** Controls clicked (a check box or radio left as the server drew it) and forms sent, in order. */
  actions: Element[];
}

const TEXT_FIELDS =
  'input:not([type]),input[type=text],input[type=search],input[type=email],input[type=tel],input[type=number],input[type=url],input[type=date],textarea';

/** The text fields whose value is no longer the server's. */
function editedFields(root: HTMLElement): Array<HTMLInputElement | HTMLTextAreaElement> {
  return Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)).filter(
    (field) => field.value !== field.defaultValue,
  );
}

/**
 * The options a list shows as the server drew it: those marked `selected` in the HTML, or else, in a
 * list of one choice, its first option that is not disabled (what the browser shows).
 */
function serverSelection(select: HTMLSelectElement): boolean[] {
  const options = Array.from(select.options);
  const marked = options.map((option) => option.defaultSelected);
  if (select.multiple) return marked;
  // One choice: the last option marked, as the browser keeps it, or else the first it can show.
  const shown = marked.includes(true) ? marked.lastIndexOf(true) : options.findIndex((option) => !option.disabled);
  return options.map((_, i) => i === shown);
}

/** The lists whose choice is no longer the server's, with the server's. */
function chosenSelects(root: HTMLElement): Array<{ field: HTMLSelectElement; server: boolean[] }> {
  return Array.from(root.querySelectorAll('select')).flatMap((field) => {
    const server = serverSelection(field);
    return Array.from(field.options).some((option, i) => option.selected !== server[i]) ? [{ field, server }] : [];
  });
}

function applySelection(field: HTMLSelectElement, selected: readonly boolean[]): void {
  Array.from(field.options).forEach((option, i) => (option.selected = selected[i] ?? false));
}

/**
 * Stops the capture and takes what it kept; call it right before `hydrateRoot`. Text typed before
 * hydration is put back to the server's value, and a list to the server's choice, so React hydrates
 * what it rendered (it would put a list's choice back itself); `replayEarlyInput` makes them again.
 * Returns null on a page without the capture script.
 */
export function takeEarlyInput(root: HTMLElement): EarlyInput | null {
  const take = (window as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
  if (typeof take !== 'function') return null;
  const actions = (take as () => Element[])();
  const edited = editedFields(root).map((field) => ({ field, value: field.value }));
  for (const { field } of edited) field.value = field.defaultValue;
  const chosen = chosenSelects(root).map(({ field, server }) => {
    const selected = Array.from(field.options).map((option) => option.selected);
    applySelection(field, server);
    return { field, selected };
  });
  return { edited, chosen, actions };
}

/**
 * Whether the visitor did anything yet, without stopping the capture: a click or submission kept,
 * or a text field or a list that no longer holds the server's value.
 */
export function peekEarlyInput(root: HTMLElement): boolean {
  const peek = (window as unknown as Record<string, unknown>)[EARLY_INPUT_PEEK_GLOBAL];
  if (typeof peek === 'function' && (peek as () => number)() > 0) return true;
  return editedFields(root).length > 0 || chosenSelects(root).length > 0;
}

/** Whether the visitor did anything before hydration. */
export function hasEarlyInput(input: EarlyInput | null): input is EarlyInput {
  return input !== null && (input.edited.length > 0 || input.chosen.length > 0 || input.actions.length > 0);
}

/**
 * Gives React what the visitor did, once `hydrateRoot` has been called (in `flushSync`: the shell's
 * layout is hydrated): the typed text as input events, the lists' choices as change events, then the
 * clicks and submissions, in order.
 * React hydrates the part of the page inside a Suspense boundary (a remote's page) when an event
 * reaches it; it then notes each field's value, which must still be the server's for the typed
 * text to count as a change. So each field gets one event unchanged (React hydrates its part),
 * then its text and a second event.
 */
export function replayEarlyInput(input: EarlyInput | null): void {
  if (input === null) return;
  for (const { field, value } of input.edited) {
    if (!field.isConnected) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // The prototype's setter, not the element's: React tracks the element's own `value` property
    // and only sees a change when the text differs from what it last knew.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the field as `this` just below
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // React does not track a list's value: any change event reads the choice, so the first one (which
  // hydrates the list's part) reads the server's and the second the visitor's.
  for (const { field, selected } of input.chosen) {
    if (!field.isConnected) continue;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    applySelection(field, selected);
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const action of input.actions) {
    if (!action.isConnected) continue;
    if (action instanceof HTMLFormElement) action.requestSubmit();
    else (action as HTMLElement).click();
  }
}
