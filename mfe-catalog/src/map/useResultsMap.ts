import { useCallback, useRef, useState } from 'react';
import { useRuntimeSetting } from '../ui/useRuntimeSetting';
import type { MapToggleProps } from './MapToggle';
import { cardLinkId } from './mapPoints';

const MAP_ID = 'cat-results-map';

/**
 * The state shared by the results list and its map: whether it is open (only offered when the
 * server has a map style), the apartment chosen on the map (its card highlighted, scrolled to and
 * focused) and the one pointed at in the list (its marker highlighted).
 */
export function useResultsMap() {
  const styleUrl = useRuntimeSetting('mapStyleUrl');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    setChosen(null);
    setPointed(null);
    toggleRef.current?.focus();
  }, []);

  const choose = useCallback((id: number) => {
    setChosen(id);
    const link = document.getElementById(cardLinkId(id));
    if (!link) return;
    link.scrollIntoView({ block: 'center' });
    // Keyboard users go on from the card they chose; its focus also highlights its marker.
    link.focus({ preventScroll: true });
  }, []);

  const toggle: MapToggleProps = {
    open,
    controls: MAP_ID,
    ref: toggleRef,
    onToggle: () => (open ? close() : setOpen(true)),
  };
  return { styleUrl, open, chosen, active: pointed ?? chosen, toggle, close, choose, point: setPointed };
}
