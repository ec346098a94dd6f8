/**
 * What other modules use of regions: a module that displays an address turns its region codes into names here
 * (regionNames, regionLabel); one that stores an address checks its codes form a path of the tree (regionPathProblem)
 * and a point lies in the city it names (inCityOutline, region.geo.ts).
 */
export { CITY_TOLERANCE_KM, inCityOutline } from './region.geo.ts';
export { regionLabel, regionNames, regionPathProblem } from './region.repo.ts';
