/**
 * The external channel manager's booking widget (spec section 2, DECISIONS 6): its script is
 * loaded on demand, once per page, then `BookingToolIframe.initialize` fills the target element.
 */
import type { RuntimeConfig } from 'shared-kernel';

export type BookingWidgetConfig = NonNullable<RuntimeConfig['bookingWidget']>;

export interface BookingToolOptions {
  url: string;
  baseUrl: string;
  target: string;
}

declare global {
  interface Window {
    BookingToolIframe?: { initialize: (options: BookingToolOptions) => void };
  }
}

export const WIDGET_TARGET_ID = 'apartmentIframeAll';
export const WIDGET_BASE_URL = 'https://login.smoobu.com';

/** The owner id of an apartment: its per-smoobuId override, else the default. */
export function widgetOwnerId(config: BookingWidgetConfig, smoobuId: number): string {
  return config.ownerOverrides[String(smoobuId)] ?? config.defaultOwnerId;
}

export function widgetOptions(config: BookingWidgetConfig, smoobuId: number): BookingToolOptions {
  const ownerId = encodeURIComponent(widgetOwnerId(config, smoobuId));
  return {
    url: `${WIDGET_BASE_URL}/fr/booking-tool/iframe/${ownerId}/${smoobuId}`,
    baseUrl: WIDGET_BASE_URL,
    target: `#${WIDGET_TARGET_ID}`,
  };
}

const loads = new Map<string, Promise<void>>();

/** Appends the widget's <script> once; a failed load is forgotten (and its tag removed) so it can be retried. */
export function loadWidgetScript(url: string, doc: Document = document): Promise<void> {
  const pending = loads.get(url);
  if (pending) return pending;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.bkWidget = 'true';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loads.delete(url);
      script.remove();
      reject(new Error(`Script non chargé : ${url}`));
    });
    doc.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}

/** For tests: forget the scripts already loaded. */
export function resetWidgetScriptsForTests(): void {
  loads.clear();
}
