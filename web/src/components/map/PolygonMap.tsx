import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { LatLng, TileCoord } from './coords.ts';

export interface PolygonMapProps {
  /** The polygon's points, GCJ-02 (docs/spec-notes.md#records: {lat, lng}). */
  value?: LatLng[];
  onChange?: (points: LatLng[]) => void;
  height?: number;
  /** Default lat 35.031641, lng 111.004468 (docs/spec-notes.md#constants). */
  center?: LatLng;
  /** Default 13. */
  zoom?: number;
  /** Tile URL template; default VITE_MAP_TILE_URL, else Gaode road tiles. `null` draws on the grid only. */
  tileUrl?: string | null;
  /** Projection of the tiles; points are converted with gcoord so the stored value stays GCJ-02. */
  tileCoord?: TileCoord;
  disabled?: boolean;
  /** A point shown on the map for context (the shop's location), never edited here. */
  marker?: LatLng | null;
}

const Impl = lazy(() => import('./PolygonMapImpl.tsx'));

/**
 * Service-area map (docs/spec-notes.md#routes): draw a polygon, redraw it, finish. Leaflet + geoman (Chinese hints), lazy-loaded.
 * Works offline: when tiles cannot load, a grid remains to draw on.
 */
export function PolygonMap(props: PolygonMapProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 420 }} />}>
      <Impl {...props} />
    </Suspense>
  );
}

export type { LatLng, TileCoord };
export { DEFAULT_CENTER, DEFAULT_ZOOM } from './coords.ts';
