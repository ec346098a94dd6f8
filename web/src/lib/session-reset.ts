/**
 * Forgets the previous user's cached data at sign-in. The query cache lives in the console chunk, which /login does
 * not download (budgets: docs/performance-browser.md): the console registers its reset here when it loads, and the login page calls
 * resetSession() without importing TanStack Query. Nothing registered means nothing cached yet.
 */
const resets = new Set<() => void>();

export function onSessionReset(reset: () => void) {
  resets.add(reset);
  return () => void resets.delete(reset);
}

export function resetSession() {
  for (const reset of resets) reset();
}
