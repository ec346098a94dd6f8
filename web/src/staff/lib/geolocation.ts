import gcoord from 'gcoord';

export interface Point {
  lat: number;
  lng: number;
  accuracy: number;
}

/**
 * Her position for the clock-in, as GCJ-02 (the browser answers WGS-84; the order's point is AMap's GCJ-02). Null
 * when the browser has none: refused, unavailable, or no fix within `timeoutMs` — the step is sent without a point
 * and the server flags it for the dispatcher.
 */
export function currentPoint(timeoutMs = 10_000): Promise<Point | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    // Some browsers never call back when the permission prompt is dismissed: our own timer ends the wait.
    const timer = setTimeout(() => resolve(null), timeoutMs + 1000);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        const [lng, lat] = gcoord.transform([p.coords.longitude, p.coords.latitude], gcoord.WGS84, gcoord.GCJ02);
        resolve({ lat: round(lat), lng: round(lng), accuracy: Math.round(p.coords.accuracy) });
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** Six decimals: about 0.1 m. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
