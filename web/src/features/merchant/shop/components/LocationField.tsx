import { AimOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import type { GeoPoint } from '@jz/contracts/shop-location';
import { PROVINCE_EXTENTS, provinceCodeOf, regionAnchor } from '@jz/contracts/shop-location';
import { AutoComplete, Button, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PointMap } from '../../../../components/map/PointMap.tsx';
import { regionNamesOf, useRegionTree } from '../../../../components/region/RegionCascader.tsx';
import { centreOf, useRegionCentres } from '../../../../components/region/region-centres.ts';
import { type RegionHit, searchRegions } from '../../../../components/region/region-search.ts';

/** The form's location value: both numbers, or both null (a half-typed pair is refused by the form's rule). */
export interface LocationValue {
  lat: number | null;
  lng: number | null;
}

export interface LocationFieldProps {
  id?: string;
  value?: LocationValue | null;
  onChange?: (v: LocationValue | null) => void;
  /** The region chosen in the form: where the map looks while no point is chosen. */
  region?: string[];
  /** The service area, drawn beneath for context (店铺信息). */
  area?: GeoPoint[];
  disabled?: boolean;
  /** A region picked in the address search, with the rest of the typed text (the street address). */
  onRegionPick?: (hit: RegionHit) => void;
  height?: number;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const pointOf = (v?: LocationValue | null): GeoPoint | null =>
  v && v.lat !== null && v.lng !== null ? { lat: v.lat, lng: v.lng } : null;

/**
 * 店铺位置: the location is picked on the map — a click places the pin, dragging moves it — or found by
 * the address search (region names: no geocoder offline, docs/shops.md "Location"), which sets the region and moves
 * the map to the district's centre (asked of the server by city). Typed latitude/longitude is the fallback, folded away under 手动输入经纬度.
 */
export function LocationField({
  id,
  value,
  onChange,
  region,
  area,
  disabled,
  onRegionPick,
  height = 320,
}: LocationFieldProps) {
  const point = pointOf(value);
  const { data: tree } = useRegionTree();
  const [typing, setTyping] = useState('');
  const [manual, setManual] = useState(false);
  const [focus, setFocus] = useState<{ key: string; center: GeoPoint; zoom: number } | null>(null);
  /** Why the map moved where it did, said while no point is chosen. */
  const [moved, setMoved] = useState<string | null>(null);
  /** A region to move the map to once its city's district centres are known (asked of the server). */
  const [pending, setPending] = useState<{ codes: string[]; key: string; say: boolean } | null>(() =>
    region?.length && !point ? { codes: region, key: 'start', say: false } : null,
  );
  const centres = useRegionCentres(pending?.codes[1]);
  const hits = useMemo(() => searchRegions(tree, typing), [tree, typing]);

  // The district's centre (else its city's, else the province's seat) once the centres have come.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the wanted region or its centres change
  useEffect(() => {
    if (!pending) return;
    const city = pending.codes[1];
    if (city && centres.fetchStatus === 'fetching') return;
    const c = city ? centreOf(pending.codes, centres.data) : null;
    const names = regionNamesOf(tree, pending.codes);
    const hint = '请拖动、缩放地图，点击店铺的准确位置';
    setPending(null);
    if (c) {
      setFocus({ key: pending.key, center: c.center, zoom: c.zoom });
      const place = c.code === pending.codes[2] ? names[2] : names[1];
      const missing = !c.exact && names[2] ? `（暂无「${names[2]}」的位置数据）` : '';
      if (pending.say) setMoved(`地图已移到「${place ?? '所选地区'}」中心${missing}，${hint}`);
      return;
    }
    const a = regionAnchor(pending.codes);
    if (!a) return;
    setFocus({ key: pending.key, ...a });
    const province = PROVINCE_EXTENTS[provinceCodeOf(pending.codes[0])]?.name;
    if (pending.say) setMoved(`地图已移到${province ?? '所选地区'}的省会附近，${hint}`);
  }, [pending, centres.data, centres.fetchStatus]);
  const moveTo = (codes: string[], key: string) => setPending({ codes, key, say: true });

  // A region chosen later (the cascader) moves the map there: always when it replaces another region, and while no
  // point is chosen when it is the first one (a shop loaded into the form keeps the view on its point).
  const regionKey = (region ?? []).join('/');
  const seenRegion = useRef(regionKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new region only
  useEffect(() => {
    if (regionKey === seenRegion.current) return;
    const had = seenRegion.current !== '';
    seenRegion.current = regionKey;
    if (region?.length && (had || !point)) moveTo(region, `region:${regionKey}`);
  }, [regionKey]);

  const start = regionAnchor(region ?? []);
  const set = (p: GeoPoint | null) => onChange?.(p ? { lat: round6(p.lat), lng: round6(p.lng) } : null);
  const typed = (k: 'lat' | 'lng', n: number | null) => {
    const next = { lat: value?.lat ?? null, lng: value?.lng ?? null, [k]: n };
    onChange?.(next.lat === null && next.lng === null ? null : next);
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} id={id}>
      {!disabled && (
        // Its own (empty) status: the location's error belongs to the point, not to the search box.
        <Form.Item noStyle validateStatus="">
          <AutoComplete
            value={typing}
            options={hits.map((h) => ({
              value: h.codes.join(','),
              label: (
                <span>
                  {h.label}
                  {h.rest && <Typography.Text type="secondary"> · {h.rest}</Typography.Text>}
                </span>
              ),
            }))}
            onChange={(v: string) => setTyping(v ?? '')}
            onSelect={(v: string) => {
              const hit = hits.find((h) => h.codes.join(',') === v);
              setTyping('');
              if (!hit) return;
              onRegionPick?.(hit);
              moveTo(hit.codes, `search:${v}:${Date.now()}`);
            }}
            notFoundContent={typing.trim().length >= 2 ? '没有找到该地区，请输入区县或城市名称' : null}
            allowClear
            prefix={<SearchOutlined />}
            aria-label="搜索地址"
            placeholder="搜索地址：输入区县或城市名称，如「盐湖区 学苑路 12 号」"
            style={{ width: '100%', maxWidth: 480 }}
          />
        </Form.Item>
      )}
      <PointMap
        value={point}
        onChange={(p) => set(p)}
        area={area}
        center={start?.center}
        zoom={start?.zoom}
        focus={focus}
        height={height}
        disabled={disabled}
        aria-label="店铺位置地图"
      />
      <Space wrap size={[12, 4]}>
        {point ? (
          <Typography.Text>
            <AimOutlined /> 已选位置：纬度 {point.lat}，经度 {point.lng}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            {disabled ? '尚未设置店铺位置' : (moved ?? '尚未选择位置：在地图上点击店铺所在的位置，可拖动图钉微调')}
          </Typography.Text>
        )}
        {!disabled && point && (
          <Button type="link" size="small" onClick={() => set(null)}>
            清除位置
          </Button>
        )}
        {!disabled && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-expanded={manual}
            onClick={() => setManual((m) => !m)}
          >
            {manual ? '收起经纬度' : '手动输入经纬度'}
          </Button>
        )}
      </Space>
      {manual && !disabled && (
        <Space wrap>
          <InputNumber<number>
            aria-label="纬度"
            placeholder="纬度，如 35.031641"
            style={{ width: 200 }}
            min={-90}
            max={90}
            step={0.0001}
            precision={6}
            value={value?.lat ?? null}
            onChange={(n) => typed('lat', n)}
          />
          <InputNumber<number>
            aria-label="经度"
            placeholder="经度，如 111.004468"
            style={{ width: 200 }}
            min={-180}
            max={180}
            step={0.0001}
            precision={6}
            value={value?.lng ?? null}
            onChange={(n) => typed('lng', n)}
          />
          <Typography.Text type="secondary">坐标系 GCJ-02（高德、腾讯地图的坐标）</Typography.Text>
        </Space>
      )}
    </Space>
  );
}
