/**
 * The fixed `client` header value of this app (docs/spec-notes.md#calls). A module of its own, without zod, so the web app's API client
 * (in the entry chunk every route downloads) can take it without the schema library (budgets: docs/performance-browser.md).
 */
export const CLIENT_ID = 'jiazheng-merchant-pc';
