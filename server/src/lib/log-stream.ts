/**
 * The log's destination: pino's asynchronous one (SonicBoom on fd 1). A line is handed to the kernel without waiting:
 * when no write is in flight it leaves at once, otherwise it joins the next write, so under load one write carries
 * many lines. A full pipe (a slow log reader) no longer stops the event loop: the lines wait in memory and are
 * retried (the previous destination retried synchronously, and every request waited with it).
 *
 * On exit pino writes out what is waiting, synchronously (process.exit, an uncaught exception). Not what a write still
 * in flight carries: with the pipe full, that write is cut when the process ends (measured: ~270 lines lost of 25,000
 * when exiting straight into a full pipe). So the server's own exits (after SIGTERM, a failed start) first wait for
 * the destination to drain (flushLogs), then exit; only an uncaught exception into a full pipe, or a SIGKILL, can lose
 * lines. One per process, so the many apps a test process builds share it and exit is hooked once.
 */
import pino from 'pino';

export interface LogStream {
  write(line: string): void;
  flush(cb?: (err?: Error) => void): void;
}

/** Lines held while the reader does not keep up, at most (then dropped rather than the process growing unbounded). */
const MAX_BUFFERED = 64 * 1024 * 1024;

let shared: LogStream | undefined;

/** The process's log destination (the name is kept from the batching writer it replaced). */
export function batchedStdout(): LogStream {
  // minLength 1: a line leaves at once (nothing is held back for a fuller write), and flush(cb) waits for the drain
  // (with 0 it would call back at once).
  shared ??= pino.destination({ dest: 1, sync: false, minLength: 1, maxLength: MAX_BUFFERED });
  return shared;
}

/** Resolves once every line written so far has left (or after `timeoutMs`: a log reader that stopped reading). */
export function flushLogs(timeoutMs = 3000): Promise<void> {
  const stream = shared;
  if (!stream) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    // The callback's error is fsync's on a pipe (EINVAL) after a complete drain: nothing to act on.
    stream.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
