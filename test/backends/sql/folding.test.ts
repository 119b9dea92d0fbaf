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
  test.runIf(ENGINE_NAMES.includes('mariadb'))('MariaDB’s utf8mb4_general_ci folds by its own old table (Latin, Greek, Cyrillic, Armenian, full-width), nothing outside the BMP', async () => {
    expect(ranges(await engine('mariadb').folding())).toMatchInlineSnapshot(`"670: 00C0-00D6 00D8-00DE 0100 0102 0104 0106 0108 010A 010C 010E 0110 0112 0114 0116 0118 011A 011C 011E 0120 0122 0124 0126 0128 012A 012C 012E 0130 0132 0134 0136 0139 013B 013D 013F 0141 0143 0145 0147 014A 014C 014E 0150 0152 0154 0156 0158 015A 015C 015E 0160 0162 0164 0166 0168 016A 016C 016E 0170 0172 0174 0176 0178-0179 017B 017D 0181-0182 0184 0186-0187 0189-018B 018E-0191 0193-0194 0196-0198 019C-019D 019F-01A0 01A2 01A4 01A6-01A7 01A9 01AC 01AE-01AF 01B1-01B3 01B5 01B7-01B8 01BC 01C4-01C5 01C7-01C8 01CA-01CB 01CD 01CF 01D1 01D3 01D5 01D7 01D9 01DB 01DE 01E0 01E2 01E4 01E6 01E8 01EA 01EC 01EE 01F1-01F2 01F4 01F6-01F8 01FA 01FC 01FE 0200 0202 0204 0206 0208 020A 020C 020E 0210 0212 0214 0216 0218 021A 021C 021E 0222 0224 0226 0228 022A 022C 022E 0230 0232 0386 0388-038A 038C 038E-038F 0391-03A1 03A3-03AB 03DA 03DC 03DE 03E0 03E2 03E4 03E6 03E8 03EA 03EC 03EE 0400-042F 0460 0462 0464 0466 0468 046A 046C 046E 0470 0472 0474 0476 0478 047A 047C 047E 0480 048C 048E 0490 0492 0494 0496 0498 049A 049C 049E 04A0 04A2 04A4 04A6 04A8 04AA 04AC 04AE 04B0 04B2 04B4 04B6 04B8 04BA 04BC 04BE 04C1 04C3 04C7 04CB 04D0 04D2 04D4 04D6 04D8 04DA 04DC 04DE 04E0 04E2 04E4 04E6 04E8 04EA 04EC 04EE 04F0 04F2 04F4 04F8 0531-0556 1E00 1E02 1E04 1E06 1E08 1E0A 1E0C 1E0E 1E10 1E12 1E14 1E16 1E18 1E1A 1E1C 1E1E 1E20 1E22 1E24 1E26 1E28 1E2A 1E2C 1E2E 1E30 1E32 1E34 1E36 1E38 1E3A 1E3C 1E3E 1E40 1E42 1E44 1E46 1E48 1E4A 1E4C 1E4E 1E50 1E52 1E54 1E56 1E58 1E5A 1E5C 1E5E 1E60 1E62 1E64 1E66 1E68 1E6A 1E6C 1E6E 1E70 1E72 1E74 1E76 1E78 1E7A 1E7C 1E7E 1E80 1E82 1E84 1E86 1E88 1E8A 1E8C 1E8E 1E90 1E92 1E94 1EA0 1EA2 1EA4 1EA6 1EA8 1EAA 1EAC 1EAE 1EB0 1EB2 1EB4 1EB6 1EB8 1EBA 1EBC 1EBE 1EC0 1EC2 1EC4 1EC6 1EC8 1ECA 1ECC 1ECE 1ED0 1ED2 1ED4 1ED6 1ED8 1EDA 1EDC 1EDE 1EE0 1EE2 1EE4 1EE6 1EE8 1EEA 1EEC 1EEE 1EF0 1EF2 1EF4 1EF6 1EF8 1F08-1F0F 1F18-1F1D 1F28-1F2F 1F38-1F3F 1F48-1F4D 1F59 1F5B 1F5D 1F5F 1F68-1F6F 1F88-1F8F 1F98-1F9F 1FA8-1FAF 1FB8-1FBC 1FC8-1FCC 1FD8-1FDB 1FE8-1FEC 1FF8-1FFC 2126 212A-212B 2160-216F 24B6-24CF FF21-FF3A"`);
  });
  test('DuckDB’s lower() follows the simple mapping of its own Unicode tables', async () => {
    expect(ranges(await engine('duckdb').folding())).toMatchInlineSnapshot(`"55: 1C89 A7CB-A7CC A7CE A7D2 A7D4 A7DA A7DC 10D50-10D65 16EA0-16EB8"`);
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
