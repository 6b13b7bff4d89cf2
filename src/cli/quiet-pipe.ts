/**
 * A CLI whose reader goes away (`check … | head -1`) should stop as Unix
 * tools do when SIGPIPE kills them: at once and without a word. Node ignores
 * SIGPIPE and instead raises EPIPE on the next write to stdout, which, with
 * no listener, ends in an "Unhandled 'error' event" stack trace.
 */

/** The status a shell reports for a process ended by SIGPIPE (128 + 13), as `yes | head -1` gives. */
export const EXIT_CLOSED_PIPE = 141;

/**
 * Ends the process quietly with {@link EXIT_CLOSED_PIPE} when `stream`
 * (stdout by default) is closed by its reader; any other write error is
 * thrown as before.
 */
export function exitQuietlyOnClosedPipe(
  stream: NodeJS.WritableStream = process.stdout,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    exit(EXIT_CLOSED_PIPE);
  });
}
