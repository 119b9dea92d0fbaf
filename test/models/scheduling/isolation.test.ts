/**
 * The scheduling models are one app among others: nothing in the engine depends on them. Outside
 * src/models/scheduling/ only the CLI imports them, for its default schema and sample data, so the
 * models could be deleted without touching the engine, the backends or the HTTP helper.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SRC, sourceFiles } from '../../support/source-files.js';

const MODELS = path.join(SRC, 'models/scheduling');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** `file → the files it imports from the scheduling models`, for files outside them. */
function importsOfModels(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    if (file.startsWith(MODELS + path.sep)) continue;
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => path.resolve(path.dirname(file), m[1] ?? ''))
      .filter((target) => target.startsWith(MODELS + path.sep));
    if (targets.length > 0) found.set(path.relative(SRC, file), targets.map((t) => path.relative(SRC, t)));
  }
  return found;
}

test('only the CLI imports the scheduling models', () => {
  const importers = [...importsOfModels().keys()];
  expect(importers.length).toBeGreaterThan(0);
  expect(importers.filter((file) => !file.startsWith(`cli${path.sep}`))).toEqual([]);
});

test('the root entry exports nothing of the scheduling models', async () => {
  const root = await import('../../../src/index.js');
  expect(Object.keys(root).filter((name) => /scheduling/i.test(name))).toEqual([]);
});
