/** Region tree node (spec §3): six-digit code, name, children (province > city > district). */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

export const regionCode = /^\d{6}$/;
