import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CLOSED_PIPE, exitQuietlyOnClosedPipe } from './quiet-pipe';
import { FIX } from './test-helpers';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Runs the CLI as a process whose stdout reader is gone before it writes: `| head -0`, at the worst moment. */
function runWithClosedStdout(
  ...argv: string[]
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, ['src/cli/main.ts', ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => (stderr += s));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, stderr }));
  });
}

describe('a closed stdout', () => {
  it('ends check quietly with the SIGPIPE status, no EPIPE stack trace', async () => {
    const r = await runWithClosedStdout('check', join(FIX, 'broken-truncated.xml'));
    expect(r).toEqual({ code: EXIT_CLOSED_PIPE, signal: null, stderr: '' });
  });

  it('ends stream quietly too', async () => {
    const r = await runWithClosedStdout('stream', join(FIX, 'broken-truncated.xml'));
    expect(r).toEqual({ code: EXIT_CLOSED_PIPE, signal: null, stderr: '' });
  });

  it('exits 141 on EPIPE and rethrows any other write error', () => {
    const stream = new EventEmitter() as unknown as NodeJS.WritableStream;
    const codes: number[] = [];
    exitQuietlyOnClosedPipe(stream, (code) => codes.push(code));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(codes).toEqual([141]);
    expect(() => stream.emit('error', Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toThrow(
      'no space left on device',
    );
    expect(codes).toEqual([141]);
  });
});
