/**
 * The MapLibre map of the results, in its own chunk with MapLibre and its stylesheet: nothing of it
 * is downloaded until a visitor opens the map. Markers are HTML buttons over the map (tabbable in
 * the order of the list, named for screen readers); the style and its tiles come from MAP_STYLE_URL.
 */
import { useEffect, useRef } from 'react';
import { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { MapPoint } from './mapPoints';

/** MapLibre's own controls and labels, in French. */
const FRENCH_UI = {
  'Map.Title': 'Carte',
  'NavigationControl.ZoomIn': 'Zoomer',
  'NavigationControl.ZoomOut': 'Dézoomer',
  'NavigationControl.ResetBearing': 'Faire glisser pour tourner la carte, cliquer pour revenir au nord',
  'AttributionControl.ToggleAttribution': 'Afficher ou masquer les crédits',
  'AttributionControl.MapFeedback': 'Signaler une erreur de carte',
  'LogoControl.Title': 'Logo MapLibre',
};

export interface MapCanvasProps {
  styleUrl: string;
  points: readonly MapPoint[];
  /** The marker shown as highlighted (its card is hovered, focused or was chosen). */
  active: number | null;
  onSelect: (id: number) => void;
  /** MapLibre could not start here (no WebGL after all): the caller shows the list instead. */
  onUnavailable: () => void;
}

function markerButton(point: MapPoint, onSelect: (id: number) => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cat-map-marker';
  button.textContent = point.label;
  button.setAttribute('aria-label', point.name);
  button.dataset.id = String(point.id);
  button.addEventListener('click', (event) => {
    // The map would otherwise take the click as the start of a pan.
    event.stopPropagation();
    onSelect(point.id);
  });
  return button;
}

export default function MapCanvas({ styleUrl, points, active, onSelect, onUnavailable }: MapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let map: MapLibreMap;
    // MapLibre's worker is published as a file of this remote's release; once bundled MapLibre cannot find it by itself.
    setWorkerUrl(new URL(workerUrl, document.baseURI).href);
    try {
      map = new MapLibreMap({
        container: element,
        style: styleUrl,
        locale: FRENCH_UI,
        attributionControl: { compact: true },
        cooperativeGestures: false,
        center: [6.1757, 49.1193],
        zoom: 12,
      });
    } catch {
      unavailable.current();
      return undefined;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const bounds = new LngLatBounds();
    const markers = points.map((point) => {
      const button = markerButton(point, (id) => select.current(id));
      buttons.current.set(point.id, button);
      bounds.extend([point.longitude, point.latitude]);
      return new Marker({ element: button, anchor: 'bottom' }).setLngLat([point.longitude, point.latitude]).addTo(map);
    });
    if (points.length > 1) map.fitBounds(bounds, { padding: 48, maxZoom: 15, animate: false });
    else if (points.length === 1) map.jumpTo({ center: [points[0]!.longitude, points[0]!.latitude], zoom: 14 });
    const known = buttons.current;
    return () => {
      markers.forEach((marker) => marker.remove());
      known.clear();
      map.remove();
    };
  }, [styleUrl, points]);

  useEffect(() => {
    for (const [id, button] of buttons.current) button.classList.toggle('cat-map-marker--active', id === active);
  }, [active, points]);

  return <div ref={container} className="cat-map__canvas" />;
}
