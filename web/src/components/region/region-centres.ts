import { regionApi } from '@jz/contracts/api/region';
import type { RegionCentre } from '@jz/contracts/region';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../../lib/contract-client.ts';

/**
 * The centres of a city's districts (GCJ-02), asked of the server when a region is picked: the table of ~3,000
 * centres stays out of the web's JavaScript (docs/shops.md "Location"). Static data: kept for the session.
 */
export const regionCentresQuery = (cityCode: string) => ({
  queryKey: ['region', 'centres', cityCode] as const,
  queryFn: () => callContract(regionApi.centres, { params: { code: cityCode } }, { quiet: true }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export const useRegionCentres = (cityCode: string | undefined) =>
  useQuery({ ...regionCentresQuery(cityCode ?? ''), enabled: !!cityCode && /^\d{6}$/.test(cityCode) });

/** Zoom that shows a district around its centre, and a city around its own. */
export const DISTRICT_ZOOM = 13;
export const CITY_ZOOM = 11;

/**
 * Where the map goes for a region path [province, city, district] given its city's centres: the district's centre,
 * else the city's (a district without a centre of its own, or a city picked alone). null: not known (yet).
 */
export function centreOf(
  codes: (string | null | undefined)[],
  centres: RegionCentre[] | undefined,
): { center: { lat: number; lng: number }; zoom: number; code: string; exact: boolean } | null {
  const [, city, district] = codes;
  if (!city || !centres?.length) return null;
  const d = district && district !== city ? centres.find((c) => c.code === district) : undefined;
  if (d?.exact) return { center: { lat: d.lat, lng: d.lng }, zoom: DISTRICT_ZOOM, code: d.code, exact: true };
  const c = centres.find((x) => x.code === city);
  if (!c) return null;
  return { center: { lat: c.lat, lng: c.lng }, zoom: CITY_ZOOM, code: c.code, exact: !district || district === city };
}
