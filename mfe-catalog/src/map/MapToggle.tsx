import type { Ref } from 'react';

export interface MapToggleProps {
  open: boolean;
  /** The id of the map region it shows. */
  controls: string;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** 'Voir la carte' / 'Masquer la carte': a real button that says whether the map is shown. */
export function MapToggle({ open, controls, onToggle, ref }: MapToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={`sk-button sk-button--secondary cat-map-toggle${open ? ' sk-button--pressed' : ''}`}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
    >
      {open ? 'Masquer la carte' : 'Voir la carte'}
    </button>
  );
}
