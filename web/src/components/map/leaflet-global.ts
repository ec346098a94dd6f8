import L from 'leaflet';

// geoman extends the global `L`; an ES-module build of Leaflet does not create it, so this module does, and is
// imported before geoman (modules evaluate in import order).
Object.assign(globalThis, { L });

export default L;
