/**
 * Backends take only what `check` / `validate` made: a ValidatedQuery carries a brand that no
 * syntax tree or object literal has. Each operator's comparison carries its value type.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { check } from '../../src/api/check.js';
import type { Backend } from '../../src/backends/backend.js';
import { compilePredicate, memoryBackend } from '../../src/backends/memory/index.js';
import { compileMongo, mongoBackend } from '../../src/backends/mongo/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/index.js';
import { parse } from '../../src/parser/parse.js';
import type { Comparison, Condition, Scalar, ValidatedQuery } from '../../src/validate/validated-query.js';

const validated = check('agent.name EQ ada', schedulingSchema, 'agent');
const parsed = parse('agent.name EQ ada');
const lookalike = { kind: 'ValidatedQuery', entity: validated.entity, condition: validated.condition, text: 'agent.name EQ ada' } as const;

describe('the value type of each operator', () => {
  test('lists, bounds, needles and equality', () => {
    expectTypeOf<Comparison<'IN'>['value']>().toEqualTypeOf<readonly Scalar[]>();
    expectTypeOf<Comparison<'NOT_IN'>['value']>().toEqualTypeOf<readonly Scalar[]>();
    expectTypeOf<Comparison<'LT'>['value']>().toEqualTypeOf<number>();
    expectTypeOf<Comparison<'GTE'>['value']>().toEqualTypeOf<number>();
    expectTypeOf<Comparison<'LIKE'>['value']>().toEqualTypeOf<string>();
    expectTypeOf<Comparison<'EQ'>['value']>().toEqualTypeOf<Scalar | null>();
    expectTypeOf<Comparison<'NOT_EQ'>['value']>().toEqualTypeOf<Scalar | null>();
  });

  test('narrowing a condition by its operator narrows its value', () => {
    const c = validated.condition as Condition;
    if (c.kind === 'Comparison' && c.operator === 'IN') expectTypeOf(c.value).toEqualTypeOf<readonly Scalar[]>();
    if (c.kind === 'Comparison' && c.operator === 'LTE') expectTypeOf(c.value).toEqualTypeOf<number>();
    // @ts-expect-error a list is not the value of an LT comparison
    const wrong: Comparison<'LT'> = { kind: 'Comparison', operator: 'LT', attribute: validated.entity.attributes.name!, value: [1], span: { start: 0, end: 0 } };
    expectTypeOf(wrong.value).toEqualTypeOf<number>();
  });
});

describe('backends take only a ValidatedQuery', () => {
  test('the result of check compiles everywhere', () => {
    expectTypeOf(compileSql(validated, { dialect: 'postgres', mapping: schedulingSqlMapping }).text).toEqualTypeOf<string>();
    expectTypeOf(compileMongo(validated)).not.toBeAny();
    expectTypeOf(compilePredicate(validated)).toEqualTypeOf<(record: unknown) => boolean>();
    expectTypeOf(memoryBackend).toMatchTypeOf<Backend<(record: unknown) => boolean>>();
    expectTypeOf(mongoBackend.compile).parameter(0).toEqualTypeOf<ValidatedQuery>();
  });

  test('a syntax tree is a type error', () => {
    // @ts-expect-error a Query is not validated
    compileSql(parsed, { dialect: 'postgres', mapping: schedulingSqlMapping });
    // @ts-expect-error a Query is not validated
    compileMongo(parsed);
    // @ts-expect-error a Query is not validated
    compilePredicate(parsed);
    // @ts-expect-error a Query is not validated
    memoryBackend.compile(parsed);
  });

  test('an object literal with the same fields is a type error', () => {
    // @ts-expect-error the brand only check() and validate() give is missing
    compileSql(lookalike, { dialect: 'sqlite', mapping: schedulingSqlMapping });
    // @ts-expect-error the brand only check() and validate() give is missing
    compileMongo(lookalike);
    // @ts-expect-error the brand only check() and validate() give is missing
    compilePredicate({ ...lookalike });
    // @ts-expect-error the brand only check() and validate() give is missing
    const forged: ValidatedQuery = { kind: 'ValidatedQuery', entity: validated.entity, condition: validated.condition, text: '' };
    expectTypeOf(forged).toEqualTypeOf<ValidatedQuery>();
  });

  test('a query text is a type error', () => {
    // @ts-expect-error a string is not validated
    compileMongo('agent.name EQ ada');
  });
});
