/**
 * The log's destination: the lines of one event-loop turn leave in one write to stdout instead of one write per line
 * (pino's default destination writes each line synchronously: ~13 % of a health check's CPU under load, issue 22).
 * Lossless on shutdown: what is buffered is written at the end of the turn, when 64 KB are waiting, and synchronously
 * on process exit (process.exit after SIGTERM, an uncaught exception); only a SIGKILL can lose the current turn's lines.
 */
import { writeSync } from 'node:fs';

export interface LogStream {
  write(line: string): void;
  flush(): void;
}

let shared: LogStream | undefined;

const pause = new Int32Array(new SharedArrayBuffer(4));
/**
 * Writes all of it to fd 1 before returning. process.stdout.write may queue a pipe write the reader has not drained
 * (a busy machine: the queued part was lost at process.exit), so the batch goes out with writeSync, retrying a full
 * pipe (EAGAIN) after a millisecond, as pino's synchronous destination does.
 */
function writeAll(text: string) {
  let rest = Buffer.from(text);
  while (rest.length) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/** One per process (every app built in it shares it, so exit is hooked once). */
export function batchedStdout(): LogStream {
  if (shared) return shared;
  let buf = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!buf) return;
    const out = buf;
    buf = '';
    writeAll(out);
  };
  process.on('exit', flush);
  shared = {
    write(line) {
      buf += line;
      if (buf.length >= 65_536) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
  return shared;
}
