import type { LatLng } from '@jz/contracts/shop';
import { Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';

const fmt = (v: LatLng[] | undefined) => (v?.length ? JSON.stringify(v.map((p) => ({ lat: p.lat, lng: p.lng }))) : '');

/**
 * The service area as a polygon of {lat, lng} points (GCJ-02). Stands in for the shared polygon map
 * (web/src/components/map), not committed when this form was built: the points are typed as JSON, and the same rule as
 * the server (at least 3 points, edges never crossing) validates them. "按店铺位置生成" draws a 2 km square around the
 * shop's coordinates as a starting point.
 */
export function ServiceAreaInput(props: {
  id?: string;
  value?: LatLng[] | string;
  onChange?: (v: LatLng[] | string) => void;
  center?: { lat?: number | null; lng?: number | null };
}) {
  const [text, setText] = useState(typeof props.value === 'string' ? props.value : fmt(props.value));
  useEffect(() => {
    if (typeof props.value !== 'string') setText(fmt(props.value));
  }, [props.value]);
  const change = (t: string) => {
    setText(t);
    if (!t.trim()) return props.onChange?.([]);
    try {
      props.onChange?.(JSON.parse(t));
    } catch {
      props.onChange?.(t);
    }
  };
  const lat = Number(props.center?.lat);
  const lng = Number(props.center?.lng);
  const canSquare =
    Number.isFinite(lat) && Number.isFinite(lng) && props.center?.lat != null && props.center?.lng != null;
  const points = Array.isArray(props.value) ? props.value.length : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        id={props.id}
        rows={4}
        value={text}
        placeholder='多边形顶点，如 [{"lat":35.04,"lng":110.99},{"lat":35.04,"lng":111.02},{"lat":35.02,"lng":111.02}]'
        onChange={(e) => change(e.target.value)}
      />
      <Space>
        <Button
          disabled={!canSquare}
          onClick={() => {
            const d = 0.009;
            const pts = [
              { lat: +(lat + d).toFixed(6), lng: +(lng - d).toFixed(6) },
              { lat: +(lat + d).toFixed(6), lng: +(lng + d).toFixed(6) },
              { lat: +(lat - d).toFixed(6), lng: +(lng + d).toFixed(6) },
              { lat: +(lat - d).toFixed(6), lng: +(lng - d).toFixed(6) },
            ];
            change(JSON.stringify(pts));
          }}
        >
          按店铺位置生成
        </Button>
        <Button onClick={() => change('')}>清空</Button>
        <Typography.Text type="secondary">{points ? `共 ${points} 个顶点` : '未设置服务区域'}</Typography.Text>
      </Space>
    </Space>
  );
}
