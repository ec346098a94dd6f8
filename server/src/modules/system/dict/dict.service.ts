/** What other modules use of dictionaries: their seeds create the dictionaries they render. */
export { ensureDict } from './dict.repo.ts';
