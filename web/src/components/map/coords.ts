import gcoord from 'gcoord';

/** A polygon point as stored and exchanged (docs/spec-notes.md#records): GCJ-02, the coordinate system of Chinese map services. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** docs/spec-notes.md#routes, #constants: the default centre and zoom. */
export const DEFAULT_CENTER: LatLng = { lat: 35.031641, lng: 111.004468 };
export const DEFAULT_ZOOM = 13;

/** How the tiles in use are projected: Gaode/Tencent tiles are GCJ-02, OpenStreetMap and most others WGS-84. */
export type TileCoord = 'gcj02' | 'wgs84';

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Stored GCJ-02 point -> the tile layer's system (for drawing). */
export function toTile(p: LatLng, tile: TileCoord): LatLng {
  if (tile === 'gcj02') return p;
  const [lng, lat] = gcoord.transform([p.lng, p.lat], gcoord.GCJ02, gcoord.WGS84);
  return { lat: round(lat), lng: round(lng) };
}

/** A point drawn on the tile layer -> stored GCJ-02 (six decimals, about 0.1 m). */
export function fromTile(p: LatLng, tile: TileCoord): LatLng {
  if (tile === 'gcj02') return { lat: round(p.lat), lng: round(p.lng) };
  const [lng, lat] = gcoord.transform([p.lng, p.lat], gcoord.WGS84, gcoord.GCJ02);
  return { lat: round(lat), lng: round(lng) };
}

/** Gaode (AMap) road tiles: GCJ-02, Chinese labels. Override with VITE_MAP_TILE_URL / the tileUrl prop. */
export const DEFAULT_TILE_URL =
  'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';

export function tileSettings(url?: string | null, coord?: TileCoord) {
  const envUrl = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  const envCoord = import.meta.env.VITE_MAP_TILE_COORD as TileCoord | undefined;
  const tileUrl = url === null ? null : (url ?? envUrl ?? DEFAULT_TILE_URL);
  const tileCoord: TileCoord =
    coord ??
    envCoord ??
    (tileUrl && /autonavi|amap|gtimg|qq\.com/.test(tileUrl)
      ? 'gcj02'
      : tileUrl === DEFAULT_TILE_URL
        ? 'gcj02'
        : 'wgs84');
  return { tileUrl, tileCoord };
}

export const samePolygon = (a: LatLng[] = [], b: LatLng[] = []) =>
  a.length === b.length && a.every((p, i) => p.lat === b[i].lat && p.lng === b[i].lng);
