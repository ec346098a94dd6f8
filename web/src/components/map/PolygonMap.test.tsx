import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PolygonMap } from './PolygonMap.tsx';
import PolygonMapImpl from './PolygonMapImpl.tsx';

// The service-area map beside the shop's location (店铺信息): real Leaflet in jsdom (no tiles), read through the
// canvas's data-center.

const YUNCHENG = { lat: 35.031641, lng: 111.004468 };
const YANHU = { lat: 35.015101, lng: 110.998272 };
const TAIYUAN = { lat: 37.870451, lng: 112.550864 };
const centre = () => screen.getByTestId('polygon-map').getAttribute('data-center');

describe('PolygonMapImpl follows the shop’s point', () => {
  it('moves to a new point at once (typed coordinates, a new pin), without a save and reload', async () => {
    const { rerender } = render(<PolygonMapImpl tileUrl={null} center={TAIYUAN} marker={TAIYUAN} height={200} />);
    expect(centre()).toBe('37.8705,112.5509');
    rerender(<PolygonMapImpl tileUrl={null} center={YANHU} marker={YANHU} height={200} />);
    await waitFor(() => expect(centre()).toBe('35.0151,110.9983'));
  });

  it('moves an empty map to a new centre (the goods form’s shop), but not one showing a drawn area', async () => {
    const { rerender } = render(<PolygonMapImpl tileUrl={null} center={TAIYUAN} height={200} />);
    rerender(<PolygonMapImpl tileUrl={null} center={YUNCHENG} height={200} />);
    await waitFor(() => expect(centre()).toBe('35.0316,111.0045'));
    const area = [
      { lat: 35.05, lng: 110.98 },
      { lat: 35.05, lng: 111.03 },
      { lat: 35.0, lng: 111.03 },
    ];
    rerender(<PolygonMapImpl tileUrl={null} value={area} center={YUNCHENG} height={200} />);
    expect(screen.getByText('已绘制 3 个顶点')).toBeInTheDocument();
    const around = centre();
    rerender(<PolygonMapImpl tileUrl={null} value={area} center={TAIYUAN} height={200} />);
    expect(centre()).toBe(around);
  });
});

describe('PolygonMap loads on use', () => {
  const observers: { cb: IntersectionObserverCallback; el?: Element }[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  it('holds the place with a placeholder until the map nears the window, then loads it', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          observers.push({ cb });
        }
        observe(el: Element) {
          observers[observers.length - 1].el = el;
        }
        disconnect() {}
      },
    );
    render(<PolygonMap tileUrl={null} center={YUNCHENG} height={200} />);
    const placeholder = screen.getByTestId('polygon-map');
    expect(placeholder).toHaveAttribute('data-loading', 'true');
    expect(screen.queryByRole('button', { name: '绘制区域' })).not.toBeInTheDocument();
    const o = observers[0];
    act(() => o.cb([{ isIntersecting: true, target: o.el } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('button', { name: '绘制区域' })).toBeInTheDocument();
    expect(screen.getByTestId('polygon-map')).not.toHaveAttribute('data-loading');
  });
});
