import 'leaflet/dist/leaflet.css';
import L from './leaflet-global.ts';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import './map.css';
import { Button, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_CENTER, DEFAULT_ZOOM, fromTile, type LatLng, samePolygon, tileSettings, toTile } from './coords.ts';
import type { PolygonMapProps } from './PolygonMap.tsx';

type Mode = 'idle' | 'drawing' | 'editing';

const polygonStyle = { color: '#1677ff', weight: 2, fillOpacity: 0.15 };

/** The real map (its own chunk: Leaflet + geoman). See PolygonMap for the props. */
export default function PolygonMapImpl({
  value,
  onChange,
  height = 420,
  center,
  zoom = DEFAULT_ZOOM,
  tileUrl,
  tileCoord,
  disabled,
  marker,
}: PolygonMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.Polygon | null>(null);
  const dot = useRef<L.CircleMarker | null>(null);
  const emitted = useRef<LatLng[] | undefined>(value);
  const [mode, setMode] = useState<Mode>('idle');
  const [tilesFailed, setTilesFailed] = useState(false);
  /** Where the map looks ("lat,lng"), on the canvas for tests and tools. */
  const [looking, setLooking] = useState('');
  const tiles = tileSettings(tileUrl, tileCoord);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const pointsOf = (p: L.Polygon): LatLng[] => {
    const rings = p.getLatLngs() as L.LatLng[][];
    return (rings[0] ?? []).map((ll) => fromTile({ lat: ll.lat, lng: ll.lng }, tiles.tileCoord));
  };
  const emit = (pts: LatLng[]) => {
    emitted.current = pts;
    onChangeRef.current?.(pts);
  };
  const show = (pts: LatLng[] | undefined) => {
    const m = map.current;
    if (!m) return;
    layer.current?.remove();
    layer.current = null;
    if (pts && pts.length >= 3) {
      const p = L.polygon(
        pts.map((x) => toTile(x, tiles.tileCoord)),
        polygonStyle,
      ).addTo(m);
      layer.current = p;
      m.fitBounds(p.getBounds(), { padding: [24, 24], maxZoom: 16 });
    }
  };

  // Create the map once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once on mount; later value changes are handled below
  useEffect(() => {
    if (!box.current) return;
    const c = toTile(center ?? DEFAULT_CENTER, tiles.tileCoord);
    const m = L.map(box.current, { center: [c.lat, c.lng], zoom, attributionControl: false });
    map.current = m;
    const look = () => {
      const c = fromTile(m.getCenter(), tiles.tileCoord);
      setLooking(`${c.lat.toFixed(4)},${c.lng.toFixed(4)}`);
    };
    m.on('moveend', look);
    look();
    m.pm.setLang('zh');
    m.pm.setGlobalOptions({
      allowSelfIntersection: false,
      templineStyle: polygonStyle,
      hintlineStyle: { color: '#1677ff', dashArray: '5,5' },
      pathOptions: polygonStyle,
    });
    if (tiles.tileUrl) {
      const t = L.tileLayer(tiles.tileUrl, { subdomains: '1234', maxZoom: 18, minZoom: 3 });
      t.on('tileerror', () => setTilesFailed(true));
      t.addTo(m);
    }
    m.on('pm:create', (e) => {
      const p = e.layer as L.Polygon;
      layer.current?.remove();
      layer.current = p;
      p.setStyle(polygonStyle);
      p.on('pm:edit', () => emit(pointsOf(p)));
      p.pm.enable({ allowSelfIntersection: false });
      setMode('editing');
      emit(pointsOf(p));
    });
    show(value);
    return () => {
      m.remove();
      map.current = null;
      layer.current = null;
      dot.current = null;
    };
  }, []);

  // The context point (the shop's location) follows its prop; it takes no clicks, so drawing passes through it.
  // A point moved after the map opened (a new pin, typed coordinates) takes the view with it at once, so the area
  // is drawn where the shop now is (not while an outline is being drawn: that would pull the map from under it).
  const shownMarker = useRef(marker);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the point's coordinates matter
  useEffect(() => {
    dot.current?.remove();
    dot.current = null;
    if (!map.current || !marker) return;
    const t = toTile(marker, tiles.tileCoord);
    const was = shownMarker.current;
    shownMarker.current = marker;
    if ((was?.lat !== marker.lat || was?.lng !== marker.lng) && mode !== 'drawing')
      map.current.setView([t.lat, t.lng], map.current.getZoom());
    dot.current = L.circleMarker([t.lat, t.lng], {
      radius: 6,
      color: '#fff',
      weight: 2,
      fillColor: '#f5222d',
      fillOpacity: 1,
      interactive: false,
      pmIgnore: true,
    } as L.CircleMarkerOptions).addTo(map.current);
  }, [marker?.lat, marker?.lng]);

  // Without a point to follow, a new centre from outside (the goods form's shop) moves an empty map there.
  const shownCenter = useRef(center);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the centre's coordinates matter
  useEffect(() => {
    const was = shownCenter.current;
    shownCenter.current = center;
    if (!map.current || !center || marker || layer.current || mode === 'drawing') return;
    if (was?.lat === center.lat && was?.lng === center.lng) return;
    const t = toTile(center, tiles.tileCoord);
    map.current.setView([t.lat, t.lng], map.current.getZoom());
  }, [center?.lat, center?.lng]);

  // Values set from outside (a form reset, a loaded record) redraw the polygon.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside matters here
  useEffect(() => {
    if (samePolygon(value, emitted.current)) return;
    emitted.current = value;
    map.current?.pm.disableDraw();
    setMode('idle');
    show(value);
  }, [value]);

  const draw = () => {
    const m = map.current;
    if (!m) return;
    layer.current?.remove();
    layer.current = null;
    if (value?.length) emit([]);
    m.pm.enableDraw('Polygon', { allowSelfIntersection: false, finishOn: 'dblclick' });
    setMode('drawing');
  };
  const finish = () => {
    const m = map.current;
    if (!m) return;
    if (mode === 'drawing') {
      // Finish an open outline if it already has three points; otherwise just stop drawing.
      const drawer = (m.pm.Draw as unknown as { Polygon?: { _finishShape?: () => void; _layer?: L.Polyline } }).Polygon;
      const n = (drawer?._layer?.getLatLngs() as L.LatLng[] | undefined)?.length ?? 0;
      if (n >= 3) drawer?._finishShape?.();
      m.pm.disableDraw();
    }
    layer.current?.pm.disable();
    if (layer.current) emit(pointsOf(layer.current));
    setMode('idle');
  };

  const hasPolygon = (value?.length ?? 0) >= 3;
  return (
    <div className="jz-polygon-map">
      {!disabled && (
        <Space style={{ marginBottom: 8 }} wrap>
          {!hasPolygon && mode === 'idle' ? (
            <Button type="primary" onClick={draw}>
              绘制区域
            </Button>
          ) : (
            <Button onClick={draw} disabled={mode === 'drawing'}>
              重新绘制
            </Button>
          )}
          <Button type="primary" ghost onClick={finish} disabled={mode === 'idle'}>
            完成
          </Button>
          <span className="jz-polygon-map__hint">
            {mode === 'drawing' ? (
              '在地图上依次点击各顶点，点击第一个点或双击结束'
            ) : mode === 'editing' ? (
              '可拖动顶点调整区域，调整好后点击「完成」'
            ) : hasPolygon ? (
              <Tag color="blue">已绘制 {value!.length} 个顶点</Tag>
            ) : (
              '尚未绘制服务区域'
            )}
          </span>
        </Space>
      )}
      <div
        ref={box}
        className="jz-polygon-map__canvas"
        style={{ height }}
        data-testid="polygon-map"
        data-mode={mode}
        data-center={looking}
        data-tiles-failed={tilesFailed || !tiles.tileUrl ? 'true' : 'false'}
      />
    </div>
  );
}
