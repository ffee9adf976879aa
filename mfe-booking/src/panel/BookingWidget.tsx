import { useEffect, useId, useState } from 'react';
import { Spinner } from 'shared-kernel';
import { loadWidgetScript, WIDGET_TARGET_ID, widgetOptions, type BookingWidgetConfig } from './widgetScript';

export const WIDGET_FAILED_TEXT = 'Le module de réservation est momentanément indisponible.';

/**
 * 'Réserver' opens the external booking widget's panel ('Masquer' closes it). The script is loaded
 * the first time the panel opens, and the widget is initialised once with the apartment's owner id
 * and smoobuId; closing only hides the panel.
 */
export function BookingWidget({ config, smoobuId }: { config: BookingWidgetConfig; smoobuId: number }) {
  const panelId = useId();
  const introId = useId();
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const { scriptUrl } = config;
  const { url, baseUrl, target } = widgetOptions(config, smoobuId);

  useEffect(() => {
    if (attempt === 0) return undefined;
    let active = true;
    setStatus('loading');
    loadWidgetScript(scriptUrl).then(
      () => {
        if (!active) return;
        window.BookingToolIframe?.initialize({ url, baseUrl, target });
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, scriptUrl, url, baseUrl, target]);

  const toggle = () => {
    setOpen((value) => !value);
    if (attempt === 0) setAttempt(1);
  };

  return (
    <div className="bk-widget">
      <p id={introId} className="bk-widget__intro">
        Vous pouvez aussi réserver avec notre module de réservation en ligne.
      </p>
      <button
        type="button"
        className={`sk-button sk-button--secondary sk-button--block${open ? ' sk-button--pressed' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={introId}
        onClick={toggle}
      >
        {open ? 'Masquer' : 'Réserver'}
      </button>
      <div id={panelId} className="bk-widget__panel" hidden={!open}>
        {status === 'loading' ? <Spinner label="Chargement du module de réservation…" /> : null}
        {status === 'failed' ? (
          <div className="sk-stack sk-stack--start bk-widget__failed" role="alert">
            <p>{WIDGET_FAILED_TEXT}</p>
            <button type="button" className="sk-button sk-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              Réessayer
            </button>
          </div>
        ) : null}
        {attempt > 0 ? <div id={WIDGET_TARGET_ID} className="bk-widget__target" /> : null}
      </div>
    </div>
  );
}
