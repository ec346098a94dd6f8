import { lazy } from 'react';
import type { LatLng, TileCoord } from './coords.ts';
import { LazyMapFrame } from './PolygonMap.tsx';

export interface PointMapProps {
  /** The chosen point, GCJ-02 (as stored); null/undefined: none yet. */
  value?: LatLng | null;
  /** Called with the point clicked on the map or where the pin was dragged (GCJ-02, six decimals). */
  onChange?: (p: LatLng) => void;
  /** A polygon drawn under the point for context (the service area); never edited here. */
  area?: LatLng[];
  /** Where the map looks when there is neither a point nor an area (default: the spec's centre). */
  center?: LatLng;
  /** Zoom for `center` (default 13). */
  zoom?: number;
  /** A new `key` moves the view to `center`/`zoom` (e.g. a region picked in the address search). */
  focus?: { key: string; center: LatLng; zoom: number } | null;
  height?: number;
  /** Read-only: the pin can be seen, not placed or dragged (the map still pans and zooms). */
  disabled?: boolean;
  /** Tile URL template; default VITE_MAP_TILE_URL, else Gaode road tiles. `null` shows the grid only. */
  tileUrl?: string | null;
  tileCoord?: TileCoord;
  /** Names the map region for assistive technology. */
  'aria-label'?: string;
}

const Impl = lazy(() => import('./PointMapImpl.tsx'));

/**
 * Location map: click to place a pin, drag it to adjust; optionally shows an area polygon beneath.
 * Leaflet, lazy-loaded like PolygonMap, and offline-safe: when tiles cannot load a grid remains to click on.
 */
export function PointMap(props: PointMapProps) {
  return (
    <LazyMapFrame height={props.height ?? 320} testId="point-map">
      <Impl {...props} />
    </LazyMapFrame>
  );
}

export type { LatLng, TileCoord };
