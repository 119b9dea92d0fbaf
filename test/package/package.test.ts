/**
 * The package as it is published and installed: packed once from the working tree as a fresh
 * clone would pack it (packWorkingTree, whose prepack builds dist/), then read as npm publish
 * would ship it (publish-suite.ts) and installed into users' projects (consumer-suite.ts). One
 * build serves both: it is the slowest step of the suite.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { consumerSuites } from './consumer-suite.js';
import { freshWorkDir, type Packed, packWorkingTree } from './packing.js';
import { publishSuites } from './publish-suite.js';

let work: string | undefined;
let tarball: string | undefined;

beforeAll(() => {
  work = freshWorkDir('tql-package-');
  tarball = packWorkingTree(work);
}, 420_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

/** Read by the suites' hooks and tests, which run after the packing above. */
const packed: Packed = {
  get work() {
    if (work === undefined) throw new Error('the package is not packed yet');
    return work;
  },
  get tarball() {
    if (tarball === undefined) throw new Error('the package is not packed yet');
    return tarball;
  },
};

publishSuites(packed);
consumerSuites(packed);
