/**
 * Case folding for LIKE: the models of how each engine lower-cases text, checked against the
 * engines themselves, and the exact answers an engine gives where its folding is not
 * JavaScript's (asserted, not avoided).
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { foldingDiffers, foldLikeEngine, sqliteFoldingDiffers, type MeasuredFolding } from '../../../src/backends/sql/case-folding.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import type { Attribute } from '../../../src/schema/types.js';
import { CONTRACT_CASES, CONTRACT_DATA } from '../contract/cases.js';
import { engineLower } from '../../support/sql-engine.js';
import { CONTRACT_INPUT, ENGINE_FOLDING, ENGINE_NAMES, useSqlEngines } from './engines.js';

describe('foldLikeEngine', () => {
  test.for([
    // text, ascii, simple, full
    ['ADA Lovelace', 'ada lovelace', 'ada lovelace', 'ada lovelace'],
    ['ZOË ÅNGSTRÖM', 'zoË ÅngstrÖm', 'zoë ångström', 'zoë ångström'],
    ['İlkay', 'İlkay', 'ilkay', 'i\u0307lkay'],
    ['ΟΔΟΣ ΑΣ', 'ΟΔΟΣ ΑΣ', 'οδοσ ασ', 'οδος ας'],
    ['\u212A', '\u212A', 'k', 'k'], // KELVIN SIGN
    ['ẞ', 'ẞ', 'ß', 'ß'],
    ['𐐀', '𐐀', '𐐨', '𐐨'], // Deseret, outside the BMP
  ] as const)('%s', ([text, ascii, simple, full]) => {
    expect(foldLikeEngine('ascii', text), 'ascii').toBe(ascii);
    expect(foldLikeEngine('simple', text), 'simple').toBe(simple);
    expect(foldLikeEngine('full', text), 'full').toBe(full);
  });
});

describe('foldingDiffers', () => {
  test.for([
    // needle, haystack, ascii, simple
    ['ada', 'ADA Lovelace', false, false],
    ['zoë', 'ZOË', true, false],
    ['zo', 'ZOË', false, false],
    ['ZOË', 'zoë', false, false], // the needle is always folded as JavaScript does
    ['ilkay', 'İlkay', false, true], // JavaScript: i̇lkay does not contain ilkay; simple: it does
    ['i̇lkay', 'İlkay', true, true],
    ['lkay', 'İlkay', false, false],
    ['ος', 'ΟΔΟΣ', true, true], // JS folds the final Σ to ς; neither engine model does
    ['οσ', 'ΟΔΟΣ', false, true], // ascii keeps capitals, so neither it nor JS finds οσ; simple finds it
  ] as const)('%s in %s', ([needle, haystack, ascii, simple]) => {
    expect(foldingDiffers('ascii', needle, haystack), 'ascii').toBe(ascii);
    expect(sqliteFoldingDiffers(needle, haystack), 'sqliteFoldingDiffers').toBe(ascii);
    expect(foldingDiffers('simple', needle, haystack), 'simple').toBe(simple);
    expect(foldingDiffers('full', needle, haystack), 'full').toBe(false);
  });
});

/** Letters whose folding differs between the three models, and some that do not. */
const PROBES = ['ADA', 'Ⓐnna \u2c2f 𐕰', 'ZOË ÅNGSTRÖM', 'İlkay Straße', 'ΟΔΟΣ ΑΣ', 'Σ', 'ǅ', 'ẞ', '\u212A', 'Ω', 'Ꭰ', '𐐀𐐁', 'Łukasz', '王芳', '%_\\'];

const engine = useSqlEngines(CONTRACT_INPUT);

describe('each engine folds as measured over every code point', () => {
  test.for(ENGINE_NAMES)('%s', async (name) => {
    const e = engine(name);
    const folding = await e.folding();
    expect(folding.model, 'the model it follows').toBe(ENGINE_FOLDING[name]);
    // The measurement checked by other texts: the probes, and all the exceptions in one string.
    const exceptions = [...folding.exceptions.keys()].join(' ');
    for (const text of [...PROBES, exceptions]) {
      expect(await engineLower(e.db, e.caseFolding, text), `${name}: lower(${text})`).toBe(foldLikeEngine(folding, text));
    }
  });

  /** The exceptions of a measured folding as code point ranges. */
  const ranges = ({ exceptions }: MeasuredFolding) => {
    const cps = [...exceptions.keys()].map((c) => c.codePointAt(0)!).sort((a, b) => a - b);
    const out: string[] = [];
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
    for (let i = 0; i < cps.length; ) {
      let j = i;
      while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j++;
      out.push(i === j ? hex(cps[i]!) : `${hex(cps[i]!)}-${hex(cps[j]!)}`);
      i = j + 1;
    }
    return `${cps.length}: ${out.join(' ')}`;
  };

  // Pinned by the PGlite release in package-lock.json and Node's ICU (both JavaScript's side).
  test('PGlite’s builtin C.UTF-8 leaves 124 letters upper-case, the circled Ⓐ–Ⓩ among them', async () => {
    const folding = await engine('pglite').folding();
    expect(folding.exceptions.get('Ⓐ')).toBe('Ⓐ');
    expect(ranges(folding)).toMatchInlineSnapshot(`"124: 1C89 24B6-24CF 2C2F A7C0 A7C7 A7C9 A7CB-A7CC A7CE A7D0 A7D2 A7D4 A7D6 A7D8 A7DA A7DC A7F5 10570-1057A 1057C-1058A 1058C-10592 10594-10595 10D50-10D65 16EA0-16EB8"`);
  });
  test('PGlite’s ICU lacks the letters of Unicode 16 and 17', async () => {
    expect(ranges(await engine('pglite+icu').folding())).toMatchInlineSnapshot(`"28: A7CE A7D2 A7D4 16EA0-16EB8"`);
  });
  test('SQLite folds exactly A–Z, and tql_lower exactly as JavaScript', async () => {
    expect(ranges(await engine('sqlite').folding())).toBe('0: ');
    expect(ranges(await engine('sqlite+tql_lower').folding())).toBe('0: ');
  });
});

/** The value of a field or variant attribute in a record, as the in-memory backend reads it. */
function scalarValue(a: Attribute, record: Record<string, unknown>): unknown {
  const s = a.source;
  if (s.kind === 'field') return record[s.field];
  if (s.kind === 'variant') {
    const tag = record[s.tag];
    return typeof tag === 'string' && Object.hasOwn(s.fields, tag) ? record[s.fields[tag]!] : undefined;
  }
  throw new Error(`not a scalar attribute: ${a.path}`);
}

const recordsOf = (entity: keyof typeof CONTRACT_DATA) => CONTRACT_DATA[entity] as readonly unknown[] as readonly Record<string, unknown>[];

/** Contract cases that are one LIKE / NOT_LIKE on a field or variant attribute. */
const LIKE_CASES = CONTRACT_CASES.flatMap((c) => {
  const q = check(c.query, schedulingSchema, c.entity);
  const cond = q.condition;
  if (cond.kind !== 'Comparison' || (cond.operator !== 'LIKE' && cond.operator !== 'NOT_LIKE')) return [];
  if (cond.attribute.source.kind === 'element') return [];
  return [{ ...c, query: q, needle: cond.value, attribute: cond.attribute }];
});

describe('where an engine folds differently, it gives exactly the answer its measured folding predicts', () => {
  test.for(ENGINE_NAMES.flatMap((name) => LIKE_CASES.map((c) => ({ name, c, title: c.query.text }))))('$name: $title', async ({ name, c }) => {
    const folding = await engine(name).folding();
    // Start from the JavaScript answer and flip every record whose value the engine folds into a different answer.
    const predicted = new Set(c.expected);
    for (const record of recordsOf(c.entity)) {
      const value = scalarValue(c.attribute, record);
      if (typeof value === 'string' && foldingDiffers(folding, c.needle, value)) {
        const id = record['id'] as string;
        if (predicted.has(id)) predicted.delete(id);
        else predicted.add(id);
      }
    }
    expect(await engine(name).ids(c.query), name).toEqual([...predicted].sort());
  });
  test('the contract has cases where the models predict a difference', () => {
    const differing = LIKE_CASES.filter((c) =>
      recordsOf(c.entity).some((r) => {
        const v = scalarValue(c.attribute, r);
        return typeof v === 'string' && foldingDiffers('simple', c.needle, v) && foldingDiffers('ascii', c.needle, v) === false;
      }),
    );
    expect(differing.map((c) => c.query.text)).toEqual(['agent.name LIKE ilkay', 'agent.name NOT_LIKE ilkay']);
  });
});
