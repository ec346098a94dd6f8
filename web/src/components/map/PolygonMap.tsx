import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
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

/** How far below (or above) the window a map starts loading: a scroll away, so it is there when it arrives. */
const MARGIN = '200px 0px';

/**
 * (Here, not in a module of its own: the location map imports it from this file, so a page with both maps loads no
 * extra script for it.)
 * Renders `children` (a lazily imported map) only once its place is near the window (IntersectionObserver): a page
 * with a map below the fold does not download Leaflet until the merchant scrolls to it (docs/performance-browser.md).
 * Until then, and while the chunk loads, a placeholder of the map's height holds its place and carries the map's
 * test id, so a test that scrolls to the map finds it. Without IntersectionObserver the map renders at once.
 */
export function LazyMapFrame({ height, testId, children }: { height: number; testId: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !box.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: MARGIN,
    });
    io.observe(box.current);
    return () => io.disconnect();
  }, [near]);
  const placeholder = (
    <div
      ref={box}
      data-testid={testId}
      data-loading="true"
      style={{ width: '100%', height, background: '#f5f5f5', borderRadius: 6 }}
    >
      <Skeleton.Node active style={{ width: '100%', height }} />
    </div>
  );
  if (!near) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

/**
 * Service-area map (docs/spec-notes.md#routes): draw a polygon, redraw it, finish. Leaflet + geoman (Chinese hints), lazy-loaded.
 * Works offline: when tiles cannot load, a grid remains to draw on.
 */
export function PolygonMap(props: PolygonMapProps) {
  return (
    <LazyMapFrame height={props.height ?? 420} testId="polygon-map">
      <Impl {...props} />
    </LazyMapFrame>
  );
}

export type { LatLng, TileCoord };
export { DEFAULT_CENTER, DEFAULT_ZOOM } from './coords.ts';
