/**
 * Polls until `probe` answers something truthy (or the time is up, then throws). For effects that finish after
 * inject resolves, such as the oplog row written in onResponse.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  { timeoutMs = 2000, everyMs = 10 } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`waitFor: nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
