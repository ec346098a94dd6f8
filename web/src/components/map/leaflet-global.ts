import L from 'leaflet';

// geoman extends the global `L`; an ES-module build of Leaflet does not create it, so this module does, and is
// imported before geoman (modules evaluate in import order).
(globalThis as unknown as { L: typeof L }).L = L;

export default L;
