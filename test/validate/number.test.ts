import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { print } from '../../src/ast/print.js';
import { toAst } from '../../src/validate/to-ast.js';
import { tqlErrorOf } from '../support/tql-error.js';
import { numberSchema } from '../number/number-schema.js';

const valueOf = (text: string) => {
  const c = check(`product.price EQ ${text}`, numberSchema, 'product').condition;
  return c.kind === 'Comparison' ? c.value : undefined;
};
const messageOf = (query: string, profile?: 'timezest') => tqlErrorOf(() => check(query, numberSchema, 'product', { profile })).issues.map((i) => `${i.code}: ${i.message}${i.suggestion === undefined ? '' : ` (suggestion: ${i.suggestion})`}`).join('\n');

describe('a Number literal is read as the nearest double', () => {
  test.for([
    ['18', 18],
    ['-1.5', -1.5],
    ['1e3', 1000],
    ['2.5e3', 2500],
    ['2.5E-3', 0.0025],
    ['1e+21', 1e21],
    ['0.1', 0.1],
    ['1.0', 1],
    ['007', 7],
    ['-0', 0],
    ['0e5', 0],
    ['9007199254740992', 2 ** 53],
    ['-9007199254740992', -(2 ** 53)],
    ['0.30000000000000004', 0.30000000000000004],
    ['1e-400', 0],
    ['"-1.5"', -1.5],
  ] as const)('%s reads as %d', ([text, expected]) => {
    expect(Object.is(valueOf(text), expected)).toBe(true);
  });
});

describe('what is not a Number literal is an error that says what to write', () => {
  test.for(['+5', '.5', '-.5', '5.', '1.e3', 'NaN', '-Infinity', '0x10', '1e', '1_000', 'abc', '""', '1e400', '9007199254740993', '-18014398509481984'])(
    'product.price EQ %s',
    (text) => {
      expect(tqlErrorOf(() => check(`product.price EQ ${text}`, numberSchema, 'product')).code).toBe('invalid_value');
    },
  );

  test('messages', () => {
    expect(messageOf('product.price EQ +5')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "+5" has a + sign, which numbers are written without. (suggestion: 5)"`);
    expect(messageOf('product.price EQ .5')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and ".5" needs a digit before the point. (suggestion: 0.5)"`);
    expect(messageOf('product.price EQ 5.')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "5." needs a digit after the point. (suggestion: 5)"`);
    expect(messageOf('product.price GT NaN')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "NaN" is not compared: NaN and Infinity are not values of a Number."`);
    expect(messageOf('product.price GT 0x1F')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "0x1F" is hex; write the number in decimal."`);
    expect(messageOf('product.price LT cheap')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "cheap" is not a number: write a decimal such as 18, -1.5 or 2.5e3."`);
    expect(messageOf('product.price LT 1e999')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "1e999" is beyond the largest double (about 1.8e308)."`);
    expect(messageOf('product.price IN 1, 9007199254740993')).toMatchInlineSnapshot(`"invalid_value: product.price is a Number, and "9007199254740993" is an integer beyond ±2^53 (9007199254740992), where doubles skip integers; write it with an exponent if an approximation is meant."`);
    expect(messageOf('product.price LIKE 5')).toMatchInlineSnapshot(`"operator_not_allowed: LIKE is not allowed on a Number (product.price); use EQ, NOT_EQ, LT, LTE, GT, GTE, IN or NOT_IN."`);
    expect(messageOf('product.price EQ null')).toMatchInlineSnapshot(`"null_not_allowed: product.price is never null, so comparing it with null is always false; to compare with the text null, write "null"."`);
  });
});

describe('operators and null', () => {
  test.for(['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN'])('product.price %s -1.5 is valid', (op) => {
    expect(() => check(`product.price ${op} -1.5`, numberSchema, 'product')).not.toThrow();
  });
  test('a nullable Number compares with null', () => {
    expect(() => check('product.weight EQ null OR product.weight NOT_EQ null', numberSchema, 'product')).not.toThrow();
  });
});

describe('profiles: Number is an extension', () => {
  test('the timezest profile refuses a Number attribute, naming it', () => {
    expect(messageOf('product.name EQ x AND product.price GT 5', 'timezest')).toMatchInlineSnapshot(`"profile_violation: product.price is a Number, and Number attributes are not part of the timezest profile, which only joins predicates with AND; leave the predicate out, or use the extended profile."`);
  });
  test('the extended profile accepts it', () => {
    expect(() => check('product.name EQ x AND product.price GT 5', numberSchema, 'product', { profile: 'extended' })).not.toThrow();
  });
  test('timezest still reads the other attributes of the same schema', () => {
    expect(() => check('product.name EQ x', numberSchema, 'product', { profile: 'timezest' })).not.toThrow();
  });
});

describe('the printer writes numbers that read back as the same double', () => {
  test.for([
    ['product.price EQ -1.5', 'product.price EQ -1.5'],
    ['product.price GTE 1e3', 'product.price GTE 1000'],
    ['product.price EQ -0', 'product.price EQ 0'],
    ['product.price LT 1.0', 'product.price LT 1'],
    ['product.price IN 0.1, 2.5E-3', 'product.price IN 0.1, 0.0025'],
    ['product.price GT 1e20', 'product.price GT 1e20'],
    ['product.price LT 1e+21', 'product.price LT 1e21'],
    ['product.price GT -123456789012345678e3', 'product.price GT -1.2345678901234568e20'],
    ['product.price EQ 1e-7', 'product.price EQ 1e-7'],
  ] as const)('%s prints as %s', ([query, printed]) => {
    const q = check(query, numberSchema, 'product');
    const text = print(toAst(q));
    expect(text).toBe(printed);
    const again = check(text, numberSchema, 'product').condition;
    expect(again.kind === 'Comparison' && again.value).toEqual(q.condition.kind === 'Comparison' && q.condition.value);
  });
});

test('a printed Number survives a URL query string, where + is a space', () => {
  const q = check('product.price GT 1.5e+300 AND product.price LT -2e+21', numberSchema, 'product');
  const url = new URL(`http://h/v1/products?filter=${print(toAst(q), { style: 'url' })}`);
  expect(url.searchParams.get('filter')).toMatchInlineSnapshot(`"product.price~GT~1.5e300~AND~product.price~LT~-2e21"`);
  expect(check(url.searchParams.get('filter')!, numberSchema, 'product').condition).toMatchObject({ operands: [{ value: 1.5e300 }, { value: -2e21 }] });
});

const SEED = Number(process.env.TQL_NUMBER_SEED) || Math.floor(Math.random() * 2 ** 31);

describe(`Number literals, for any double (seed ${SEED}; re-run with TQL_NUMBER_SEED=${SEED})`, () => {
  // Every finite double (and integers past 2^53 often), with its plain, exponent and `+`-exponent spellings.
  const arbWritten = fc
    .oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2 ** 60, -(2 ** 53) - 2, 1e20, -0, Number.MAX_VALUE, Number.MIN_VALUE))
    .chain((d) => fc.record({ d: fc.constant(d), text: fc.constantFrom(String(d), d.toExponential(), d.toExponential().replace('e+', 'e')) }));

  test('a literal reads as the double it spells (-0 as 0), and its normalized form reads back as the same', () => {
    fc.assert(
      fc.property(arbWritten, ({ d, text }) => {
        const query = `product.price EQ ${text}`;
        // An integer spelled in digits beyond 2^53 (String() does so up to 1e21) is refused.
        if (/^-?[0-9]+$/.test(text) && Math.abs(d) > 2 ** 53) {
          expect(tqlErrorOf(() => check(query, numberSchema, 'product')).code).toBe('invalid_value');
          return;
        }
        const q = check(query, numberSchema, 'product');
        const value = q.condition.kind === 'Comparison' ? q.condition.value : undefined;
        expect(value).toBe(d === 0 ? 0 : d);
        const printed = print(toAst(q), { style: 'url' });
        expect(printed).not.toContain('+');
        const again = check(printed, numberSchema, 'product').condition;
        expect(again.kind === 'Comparison' && again.value).toBe(value);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
