/**
 * What a visitor does on a server-rendered page before it is hydrated (issue 17). The HTML is on
 * screen a second or more before the shell and the page's remote have arrived; React itself drops a
 * click on content it has not hydrated. So the server writes `EARLY_INPUT_CAPTURE_SCRIPT` first in
 * `<head>`: it holds back clicks on buttons, check boxes and radios (and forms sent with Enter) and
 * keeps them, and keeps typing from reaching React. The shell takes them once React can handle them
 * (right before a synchronous `hydrateRoot`, or once a hydration in a transition has committed).
 *
 * Links are left alone: the browser follows them, and the next page is server rendered too.
 */
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_PEEK_GLOBAL } from '../domain/page-data-keys.js';

/** A text field the visitor changed before hydration, and what they typed. */
interface EditedField {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
}

export interface EarlyInput {
  edited: EditedField[];
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
 * Stops the capture and takes what it kept; call it right before `hydrateRoot`. Text typed before
 * hydration is put back to the server's value, so React hydrates what it rendered; `replayEarlyInput`
 * types it again. Returns null on a page without the capture script.
 */
export function takeEarlyInput(root: HTMLElement): EarlyInput | null {
  const take = (window as unknown as Record<string, unknown>)[EARLY_INPUT_GLOBAL];
  if (typeof take !== 'function') return null;
  const actions = (take as () => Element[])();
  const edited = editedFields(root).map((field) => ({ field, value: field.value }));
  for (const { field } of edited) field.value = field.defaultValue;
  return { edited, actions };
}

/**
 * Whether the visitor did anything yet, without stopping the capture: a click or submission kept,
 * or a text field that no longer holds the server's value.
 */
export function peekEarlyInput(root: HTMLElement): boolean {
  const peek = (window as unknown as Record<string, unknown>)[EARLY_INPUT_PEEK_GLOBAL];
  if (typeof peek === 'function' && (peek as () => number)() > 0) return true;
  return editedFields(root).length > 0;
}

/** Whether the visitor did anything before hydration. */
export function hasEarlyInput(input: EarlyInput | null): input is EarlyInput {
  return input !== null && (input.edited.length > 0 || input.actions.length > 0);
}

/**
 * Gives React what the visitor did, once `hydrateRoot` has been called (in `flushSync`: the shell's
 * layout is hydrated): the typed text as input events, then the clicks and submissions, in order.
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
  for (const action of input.actions) {
    if (!action.isConnected) continue;
    if (action instanceof HTMLFormElement) action.requestSubmit();
    else (action as HTMLElement).click();
  }
}
