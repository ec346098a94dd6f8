import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import './map.css';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_CENTER, DEFAULT_ZOOM, fromTile, type LatLng, samePolygon, tileSettings, toTile } from './coords.ts';
import type { PointMapProps } from './PointMap.tsx';

const areaStyle = { color: '#1677ff', weight: 2, dashArray: '6,4', fillOpacity: 0.08, interactive: false };
/** A pin drawn in CSS (no image files to bundle): map.css .jz-point-map__pin. */
const pinIcon = L.divIcon({
  className: 'jz-point-map__pin',
  html: '<span></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
});
/** The zoom at which a chosen point is shown: street level. */
const POINT_ZOOM = 15;

/** The real map (its own chunk with Leaflet). See PointMap for the props. */
export default function PointMapImpl({
  value,
  onChange,
  area,
  center,
  zoom = DEFAULT_ZOOM,
  focus,
  height = 320,
  disabled,
  tileUrl,
  tileCoord,
  'aria-label': ariaLabel,
}: PointMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const poly = useRef<L.Polygon | null>(null);
  const shownArea = useRef<LatLng[] | undefined>(undefined);
  const [tilesFailed, setTilesFailed] = useState(false);
  /** Where the map looks ("lat,lng"), on the canvas for tests and tools. */
  const [looking, setLooking] = useState('');
  const tiles = tileSettings(tileUrl, tileCoord);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;

  const emit = (ll: L.LatLng) => onChangeRef.current?.(fromTile({ lat: ll.lat, lng: ll.lng }, tiles.tileCoord));

  /** Puts the pin at `p` (or removes it); keeps it in view. */
  const placePin = (p: LatLng | null | undefined) => {
    const m = map.current;
    if (!m) return;
    if (!p) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    const t = toTile(p, tiles.tileCoord);
    if (!pin.current) {
      const mk = L.marker([t.lat, t.lng], {
        icon: pinIcon,
        draggable: !disabledRef.current,
        keyboard: false,
        title: '店铺位置',
        autoPan: true,
      }).addTo(m);
      mk.on('dragend', () => emit(mk.getLatLng()));
      pin.current = mk;
    } else pin.current.setLatLng([t.lat, t.lng]);
    if (!m.getBounds().contains([t.lat, t.lng])) m.panTo([t.lat, t.lng]);
  };

  const drawArea = (pts: LatLng[] | undefined) => {
    const m = map.current;
    if (!m) return;
    poly.current?.remove();
    poly.current = null;
    shownArea.current = pts;
    if (pts && pts.length >= 3)
      poly.current = L.polygon(
        pts.map((x) => toTile(x, tiles.tileCoord)),
        areaStyle,
      ).addTo(m);
  };

  // Create the map once, looking at the point, else the area, else the given centre.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once on mount; later changes are handled below
  useEffect(() => {
    if (!box.current) return;
    const start = value ? toTile(value, tiles.tileCoord) : toTile(center ?? DEFAULT_CENTER, tiles.tileCoord);
    const m = L.map(box.current, {
      center: [start.lat, start.lng],
      zoom: value ? POINT_ZOOM : zoom,
      attributionControl: false,
    });
    map.current = m;
    const look = () => {
      const c = fromTile(m.getCenter(), tiles.tileCoord);
      setLooking(`${c.lat.toFixed(4)},${c.lng.toFixed(4)}`);
    };
    m.on('moveend', look);
    look();
    if (tiles.tileUrl) {
      const t = L.tileLayer(tiles.tileUrl, { subdomains: '1234', maxZoom: 18, minZoom: 3 });
      t.on('tileerror', () => setTilesFailed(true));
      t.addTo(m);
    }
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (!disabledRef.current) emit(e.latlng);
    });
    drawArea(area);
    if (!value && poly.current) m.fitBounds(poly.current.getBounds(), { padding: [24, 24], maxZoom: POINT_ZOOM });
    placePin(value);
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
      poly.current = null;
    };
  }, []);

  // A point from outside (a click answered back, typed coordinates, a form reset) moves the pin.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the point's coordinates matter
  useEffect(() => {
    placePin(value);
  }, [value?.lat, value?.lng]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn only when the points differ
  useEffect(() => {
    if (!samePolygon(area, shownArea.current)) drawArea(area);
  }, [area]);

  useEffect(() => {
    if (pin.current?.dragging) disabled ? pin.current.dragging.disable() : pin.current.dragging.enable();
  }, [disabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: moves only when the focus key changes
  useEffect(() => {
    if (!focus || !map.current) return;
    const c = toTile(focus.center, tiles.tileCoord);
    map.current.setView([c.lat, c.lng], focus.zoom);
  }, [focus?.key]);

  return (
    <div
      ref={box}
      className={`jz-point-map__canvas${disabled ? '' : ' jz-point-map__canvas--pick'}`}
      style={{ height }}
      role="application"
      aria-label={ariaLabel ?? '地图'}
      data-testid="point-map"
      data-lat={value?.lat ?? ''}
      data-lng={value?.lng ?? ''}
      data-center={looking}
      data-tiles-failed={tilesFailed || !tiles.tileUrl ? 'true' : 'false'}
    />
  );
}
