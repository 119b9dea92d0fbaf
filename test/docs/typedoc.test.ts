/**
 * The API reference is generated from the public entry points (typedoc.json). Every public export
 * must be documented and every type a public signature names must be reachable, so `npm run docs`
 * stays free of warnings. Conversion only: no HTML is written.
 */
import { fileURLToPath } from 'node:url';
import { Application, Logger, LogLevel, ReflectionKind, TSConfigReader, TypeDocReader, type DeclarationReflection } from 'typedoc';
import { describe, expect, test } from 'vitest';
import { apiExamples, runApiExamples, type ApiExamples } from './api-examples.js';

/** Keeps what typedoc reports instead of printing it. */
class Collect extends Logger {
  readonly messages: string[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.messages.push(`${LogLevel[level]}: ${message}`);
  }
}

interface Converted {
  readonly messages: string[];
  readonly exports: Map<string, string[]>;
  /** Public functions whose doc comment has no `@example`. */
  readonly withoutExample: string[];
  /** Every `@example` of the public API, with what each module exports (for the examples' imports). */
  readonly examples: ApiExamples;
}

async function convert(): Promise<Converted> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const app = await Application.bootstrapWithPlugins(
    { options: `${root}typedoc.json`, logLevel: 'Warn' },
    [new TypeDocReader(), new TSConfigReader()],
  );
  const logger = new Collect();
  app.logger = logger;
  const project = await app.convert();
  if (project === undefined) return { messages: [...logger.messages, 'Error: conversion failed'], exports: new Map(), withoutExample: [], examples: { modules: [], examples: [] } };
  app.validate(project);
  const exports = new Map((project.children ?? []).map((m) => [m.name, (m.children ?? []).map((c) => c.name)]));
  const withoutExample = (project.getReflectionsByKind(ReflectionKind.Function) as DeclarationReflection[])
    .filter((f) => !(f.signatures ?? []).some((s) => s.comment?.blockTags.some((t) => t.tag === '@example')))
    .map((f) => f.getFullName());
  return { messages: logger.messages, exports, withoutExample, examples: await apiExamples(project) };
}

describe('the API reference (typedoc)', async () => {
  const { messages, exports, withoutExample, examples } = await convert();

  test('every @example of the public API compiles and runs', async () => {
    expect(examples.examples.length).toBeGreaterThan(80);
    expect(await runApiExamples(examples)).toEqual([]);
  }, 120_000);

  test('has no warnings: every public export is documented and every referenced type exported', () => {
    expect(messages).toEqual([]);
  });

  test('every public function has an @example', () => {
    expect(withoutExample).toEqual([]);
  });

  test.for([
    ['tql', ['check', 'safeCheck', 'parse', 'print', 'validate', 'defineSchema', 'TqlError', 'ERROR_CODES', 'schemaFromJsonSchema']],
    ['tql/ast', ['and', 'or', 'predicate', 'query', 'toAst', 'stripSpans']],
    ['tql/backend', ['foldCondition', 'applyComparison', 'DEFAULT_OPERATORS']],
    ['tql/memory', ['compilePredicate', 'filterRecords']],
    ['tql/sql', ['compileSql', 'postgres', 'sqlite']],
    ['tql/mongo', ['compileMongo']],
    ['tql/scheduling', ['schedulingSchema', 'sampleData', 'recordsOf', 'generateSchedulingData', 'schedulingSqlMapping']],
  ] as const)('module %s documents %j', ([module, names]) => {
    expect(exports.get(module)).toEqual(expect.arrayContaining([...names]));
  });
});
