import { useEffect, useMemo, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { AppartementTrouve } from 'shared-kernel';
import type { MapCanvasProps } from './MapCanvas';
import { mapPoints, withoutPositionText, type MapPoint } from './mapPoints';

export const MAP_UNAVAILABLE = 'La carte ne peut pas s’afficher sur ce navigateur.';
export const MAP_LOAD_FAILED = 'La carte n’a pas pu être chargée. Les logements restent dans la liste.';

/** MapLibre draws with WebGL 2; without it the markers are offered as a list. */
function webglAvailable(): boolean {
  try {
    return typeof WebGL2RenderingContext !== 'undefined' && document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/** The markers as a list of buttons, where no map can be drawn: the same names, the same action. */
function MarkerList({ points, active, onSelect }: { points: readonly MapPoint[]; active: number | null; onSelect: (id: number) => void }) {
  return (
    <ul className="cat-map-list">
      {points.map((point) => (
        <li key={point.id}>
          <button
            type="button"
            className={`cat-map-marker${point.id === active ? ' cat-map-marker--active' : ''}`}
            aria-label={point.name}
            onClick={() => onSelect(point.id)}
          >
            {point.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

type Canvas = { state: 'loading' } | { state: 'ready'; Component: ComponentType<MapCanvasProps> } | { state: 'failed' } | { state: 'none' };

export interface ResultsMapPanelProps {
  id: string;
  styleUrl: string;
  items: readonly AppartementTrouve[];
  /** The apartment whose marker is highlighted. */
  active: number | null;
  onSelect: (id: number) => void;
  /** Escape in the map: the list alone again, focus back on the toggle. */
  onClose: () => void;
}

/**
 * The map region of the results: what is not on it and why, then the map, whose code (MapLibre)
 * is fetched only now, or the markers as a list where the browser cannot draw it.
 */
export function ResultsMapPanel({ id, styleUrl, items, active, onSelect, onClose }: ResultsMapPanelProps) {
  const computed = mapPoints(items);
  // The map is drawn again only when its markers change, not on every refetch of the same page.
  const pointsKey = JSON.stringify(computed.points);
  const points = useMemo(() => computed.points, [pointsKey]);
  const [canvas, setCanvas] = useState<Canvas>(() => (webglAvailable() ? { state: 'loading' } : { state: 'none' }));

  useEffect(() => {
    if (canvas.state !== 'loading') return undefined;
    let live = true;
    import(/* webpackChunkName: "results-map" */ './MapCanvas').then(
      (module) => live && setCanvas({ state: 'ready', Component: module.default }),
      () => live && setCanvas({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [canvas.state]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const missing = withoutPositionText(computed.withoutPosition);

  return (
    <div id={id} className="cat-map" role="region" aria-label="Carte des logements" onKeyDown={onKeyDown}>
      <p className="cat-map__hint">Choisissez un prix pour voir son logement dans la liste. Échap ferme la carte.</p>
      {missing ? <p className="cat-map__missing">{missing}</p> : null}
      {canvas.state === 'loading' ? <p className="cat-map__status">Chargement de la carte…</p> : null}
      {canvas.state === 'ready' ? (
        <canvas.Component
          styleUrl={styleUrl}
          points={points}
          active={active}
          onSelect={onSelect}
          onUnavailable={() => setCanvas({ state: 'none' })}
        />
      ) : null}
      {canvas.state === 'none' || canvas.state === 'failed' ? (
        <>
          <p className="sk-alert sk-alert--info">{canvas.state === 'none' ? MAP_UNAVAILABLE : MAP_LOAD_FAILED}</p>
          <MarkerList points={points} active={active} onSelect={onSelect} />
        </>
      ) : null}
    </div>
  );
}
