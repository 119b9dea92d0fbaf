/**
 * `mongoFoldingDiffers`: exactly when the Mongo LIKE pattern and `toLowerCase` disagree. The
 * property test in `like-pattern.test.ts` checks it against the pattern on generated text; this
 * table pins the cases a reader should see.
 */
import { expect, test } from 'vitest';
import { mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';

test.for([
  // needle, haystack, differs: why
  ['σ', 'ΟΔΟΣ', true], // 'οδος': the final Σ is ς, but Mongo lets it be σ
  ['ς', 'ΟΔΟΣ', false], // both match
  ['σ', 'ΣΟΦΙΑ', false], // 'σοφια': both match
  ['ς', 'ΣΟΦΙΑ', true], // Mongo lets the initial Σ be ς
  ['ος', 'ΟΔΟΣ ΑΒ', false], // the Σ ends a word: ς, and both match
  ['οσ', 'ΟΔΟΣ ΑΒ', true],
  ['σ', 'οδοσ', false], // no Σ in the text
  ['σ', 'ΟΔΟΣ σ', false], // both match the small σ
  ['a', 'ΟΔΟΣ', false], // no sigma in the needle
  ['Σ', 'ΑΣ', true], // the needle alone folds to σ, the text to 'ας': only Mongo matches
  ['', 'Σ', false],
] as const)('LIKE %s on %s differs: %s', ([needle, haystack, differs]) => {
  expect(mongoFoldingDiffers(needle, haystack)).toBe(differs);
});
