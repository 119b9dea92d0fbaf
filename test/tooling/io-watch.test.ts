/**
 * The I/O oracle of the tooling fuzz (test/support/io-watch.ts) sees what it is there to see: a
 * file read through an ES-module import, a socket, a process, a fetch; and after `stop()`, nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, test } from 'vitest';
import { complete } from '../../src/tooling/completion.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { watchIo } from '../support/io-watch.js';

test('a file, a socket, a process and a fetch are seen; the tooling is not', async () => {
  const watch = watchIo();
  try {
    complete('agent.name EQ ', 14, schedulingSchema, 'agent');
    expect(watch.calls).toEqual([]);
    readFileSync('package.json');
    connect(1, '127.0.0.1').on('error', () => {}).destroy();
    execFileSync(process.execPath, ['-e', '']);
    await fetch('http://127.0.0.1:1').catch(() => undefined);
  } finally {
    watch.stop();
  }
  expect(new Set(watch.calls.map((c) => c.split('.')[0]))).toEqual(new Set(['fs', 'net', 'child_process', 'fetch']));
  const seen = watch.calls.length;
  readFileSync('package.json');
  expect(watch.calls).toHaveLength(seen);
});
