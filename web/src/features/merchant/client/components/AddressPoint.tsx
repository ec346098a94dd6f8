import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { type LatLng, PointMap } from '../../../../components/map/PointMap.tsx';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The address's point (GCJ-02) in the address form: the map (Leaflet, its own chunk) loads only when 在地图上标注 is
 * pressed, so opening the form costs no map script. lat/lng are hidden fields under `prefix`.
 */
export function AddressPointField({ prefix }: { prefix: (string | number)[] }) {
  const form = Form.useFormInstance();
  const latName = [...prefix, 'lat'];
  const lngName = [...prefix, 'lng'];
  const lat = Form.useWatch(latName, form) as number | null | undefined;
  const lng = Form.useWatch(lngName, form) as number | null | undefined;
  const [open, setOpen] = useState(false);
  const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const set = (p: LatLng | null) => {
    form.setFieldValue(latName, p ? round6(p.lat) : null);
    form.setFieldValue(lngName, p ? round6(p.lng) : null);
  };
  return (
    <Form.Item label="地图位置" extra="员工上门导航用；点击地图放置图钉，可拖动微调">
      <Form.Item name={latName} hidden>
        <InputNumber />
      </Form.Item>
      <Form.Item name={lngName} hidden>
        <InputNumber />
      </Form.Item>
      <Space wrap size={[12, 4]}>
        {point ? (
          <Typography.Text data-testid="address-point">
            <AimOutlined /> 纬度 {point.lat}，经度 {point.lng}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">未标注</Typography.Text>
        )}
        <Button size="small" icon={<EnvironmentOutlined />} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? '收起地图' : point ? '在地图上调整' : '在地图上标注'}
        </Button>
        {point && (
          <Button type="link" size="small" onClick={() => set(null)}>
            清除位置
          </Button>
        )}
      </Space>
      {open && (
        <div style={{ marginTop: 8 }}>
          <PointMap value={point} onChange={set} height={260} aria-label="地址位置地图" />
        </div>
      )}
    </Form.Item>
  );
}

/** The address's point on a read-only map, loaded when 查看位置 is pressed. */
export function AddressLocation({ lat, lng }: { lat: number; lng: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<EnvironmentOutlined />}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? '收起位置' : '查看位置'}
      </Button>
      {open && (
        <div style={{ marginTop: 8, maxWidth: 560 }}>
          <PointMap
            value={{ lat, lng }}
            center={{ lat, lng }}
            zoom={16}
            disabled
            height={220}
            aria-label="地址位置地图"
          />
        </div>
      )}
    </>
  );
}
