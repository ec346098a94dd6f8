/**
 * The fixed `client` header value of this app (spec §7). A module of its own, without zod, so the web app's API client
 * (in the entry chunk every route downloads) can take it without the schema library (issue 13 budgets).
 */
export const CLIENT_ID = 'jiazheng-merchant-pc';
