/** What other modules use of regions: a module that displays an address turns its region codes into names here. */
export { regionNames } from './region.repo.ts';
