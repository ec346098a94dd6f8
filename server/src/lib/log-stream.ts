/**
 * The log's destination: the lines of one event-loop turn leave in one write to stdout instead of one write per line
 * (pino's default destination writes each line synchronously: ~13 % of a health check's CPU under load, issue 22).
 * Lossless on shutdown: what is buffered is written at the end of the turn, when 64 KB are waiting, and synchronously
 * on process exit (process.exit after SIGTERM, an uncaught exception); only a SIGKILL can lose the current turn's lines.
 */
export interface LogStream {
  write(line: string): void;
  flush(): void;
}

let shared: LogStream | undefined;

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
    // stdout is synchronous for files and pipes on Linux, so this is written before the process ends.
    process.stdout.write(out);
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
