/**
 * The printer and the parser are inverse: printing any tree the node types allow and parsing
 * the text gives the same tree back (spans aside), in both styles and with any layout.
 */
import { fc, test } from '../support/property.js';
import { expect } from 'vitest';
import { print, type PrintStyle } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { parse } from '../../src/parser/parse.js';
import { arbExpr, arbQuery, printWithLayout } from './arbitraries/ast.js';

// Generated trees can be larger than the default limits allow; the law is about the syntax.
const UNLIMITED = { limits: { maxLength: Infinity, maxPredicates: Infinity, maxListValues: Infinity, maxValueLength: Infinity } };
const styles: PrintStyle[] = ['url', 'readable'];

test.prop([arbQuery(), fc.constantFrom(...styles)], { numRuns: 400 })(
  'parse(print(q)) is q, spans aside',
  (q, style) => {
    const printed = print(q, { style });
    // Catches: a value printed bare that needed quotes, a lost group, AND/OR regrouped.
    expect(stripSpans(parse(printed, UNLIMITED).expression)).toEqual(stripSpans(q.expression));
  },
);

test.prop([arbExpr(), fc.constantFrom(...styles)], { numRuns: 200 })(
  'print is idempotent through parse',
  (e, style) => {
    const once = print(e, { style });
    // Catches: a printer that depends on how the tree was built rather than on what it means.
    expect(print(parse(once, UNLIMITED), { style })).toBe(once);
  },
);

test.prop([arbExpr(), fc.gen()], { numRuns: 300 })('any separator layout parses to the same tree', (e, draw) => {
  const text = printWithLayout(e, draw);
  // Catches: a separator mix, a comma followed by whitespace or a padded group the grammar refuses.
  expect(stripSpans(parse(text, UNLIMITED).expression)).toEqual(stripSpans(e));
});

test.prop([arbExpr({ values: fc.string({ unit: 'binary', maxLength: 20 }), maxDepth: 1 })], { numRuns: 200 })(
  'values of any Unicode text survive printing',
  (e) => {
    expect(stripSpans(parse(print(e, { style: 'url' }), UNLIMITED).expression)).toEqual(stripSpans(e));
  },
);
