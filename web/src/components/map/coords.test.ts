import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CENTER,
  DEFAULT_TILE_URL,
  DEFAULT_ZOOM,
  fromTile,
  samePolygon,
  tileSettings,
  toTile,
} from './coords.ts';

describe('map coordinates (spec §9; stored GCJ-02)', () => {
  it('defaults to the spec centre and zoom, on Gaode (GCJ-02) tiles', () => {
    expect(DEFAULT_CENTER).toEqual({ lat: 35.031641, lng: 111.004468 });
    expect(DEFAULT_ZOOM).toBe(13);
    expect(tileSettings()).toEqual({ tileUrl: DEFAULT_TILE_URL, tileCoord: 'gcj02' });
    expect(tileSettings(null)).toMatchObject({ tileUrl: null });
    expect(tileSettings('https://tile.openstreetmap.org/{z}/{x}/{y}.png').tileCoord).toBe('wgs84');
  });

  it('keeps GCJ-02 points as they are on GCJ-02 tiles', () => {
    expect(toTile(DEFAULT_CENTER, 'gcj02')).toEqual(DEFAULT_CENTER);
    expect(fromTile({ lat: 35.0316414, lng: 111.0044684 }, 'gcj02')).toEqual(DEFAULT_CENTER);
  });

  it('converts for WGS-84 tiles and back (a few hundred metres apart in China, round trip within 1 m)', () => {
    const w = toTile(DEFAULT_CENTER, 'wgs84');
    const shift = Math.hypot(w.lat - DEFAULT_CENTER.lat, w.lng - DEFAULT_CENTER.lng);
    expect(shift).toBeGreaterThan(0.001);
    expect(shift).toBeLessThan(0.01);
    const back = fromTile(w, 'wgs84');
    expect(Math.abs(back.lat - DEFAULT_CENTER.lat)).toBeLessThan(1e-5);
    expect(Math.abs(back.lng - DEFAULT_CENTER.lng)).toBeLessThan(1e-5);
  });

  it('compares polygons point by point', () => {
    expect(samePolygon([DEFAULT_CENTER], [{ ...DEFAULT_CENTER }])).toBe(true);
    expect(samePolygon([DEFAULT_CENTER], [])).toBe(false);
    expect(samePolygon(undefined, [])).toBe(true);
  });
});
