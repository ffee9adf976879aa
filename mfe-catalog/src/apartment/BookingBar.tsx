import { useEffect, useState } from 'react';
import { formatEuro, type Appartement } from 'shared-kernel';
import { PRICE_CARD_ID } from './PriceCard';

/**
 * Phone only (CSS): a bar fixed at the bottom with the price per night and 'Réserver', which brings
 * the booking panel into view and moves the focus there. It hides while the panel is on screen.
 */
export function BookingBar({ appartement }: { appartement: Appartement }) {
  const [panelVisible, setPanelVisible] = useState(false);

  useEffect(() => {
    const panel = document.getElementById(PRICE_CARD_ID);
    if (!panel || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setPanelVisible(Boolean(entry?.isIntersecting)));
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  const goToPanel = () => {
    const panel = document.getElementById(PRICE_CARD_ID);
    if (!panel) return;
    panel.scrollIntoView({ block: 'start' });
    panel.focus({ preventScroll: true });
  };

  return (
    <div className="cat-booking-bar" hidden={panelVisible}>
      <p className="cat-booking-bar__price">
        <strong>{formatEuro(appartement.prixParNuit)}</strong> / nuit
      </p>
      <button type="button" className="sk-button sk-button--primary" onClick={goToPanel}>
        Réserver
      </button>
    </div>
  );
}
