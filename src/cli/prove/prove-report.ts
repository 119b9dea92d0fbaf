/** What `tql prove` prints: a text report for people, or one JSON document for programs. */
import { formatReport } from '../../testing/assert-agreement.js';
import type { Proof } from './run-prove.js';

/** Whether every entity agreed (declared folding differences allowed). */
export function proofAgreed(proof: Proof): boolean {
  return proof.entities.every((e) => e.report.agreed);
}

/**
 * The text report: where and how it ran, each entity's outcome (a disagreement shrunk to one
 * query and its records, with the rules at stake), and how to replay the run.
 *
 * @example
 * ```ts
 * proofText(proof, 42, 30);
 * // 'tql prove: sqlite::memory:, seed 42 …\nteam: agreed: 5 datasets, 21 queries (seed 42)\n…'
 * ```
 */
export function proofText(proof: Proof, seed: number, runs: number): string {
  const { model, exceptions } = proof.folding;
  const lines = [
    `tql prove: ${proof.database}, seed ${seed}`,
    `LIKE folds stored text by the ${model} model with ${exceptions.size} measured exceptions; answers that differ only there are declared, not disagreements.`,
  ];
  for (const { entity, report, databaseTypes } of proof.entities) {
    if (databaseTypes.length > 0) lines.push(`${entity}: the database's column types: ${databaseTypes.join(', ')}`);
    lines.push(`${entity}: ${formatReport(report)}`);
  }
  const failed = proof.entities.filter((e) => !e.report.agreed);
  const first = failed[0];
  // A path's first step counts runs: the replay runs as many, or the path would be refused.
  const path = first?.report.path === undefined ? '' : ` --runs ${runs} --path ${first.report.path}`;
  lines.push(
    first === undefined
      ? `The database agrees with tql on ${proof.entities.map((e) => e.entity).join(', ')}.`
      : `The database disagrees with tql on ${failed.map((e) => e.entity).join(', ')}; to replay the shrunk case add: --entity ${first.entity} --seed ${seed}${path}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The JSON document: `{ agreed, database, seed, folding, entities: [{ entity, agreed, datasets,
 * queries, explained, databaseTypes, disagreements }] }`.
 *
 * @example
 * ```ts
 * JSON.parse(proofJson(proof, 42)).agreed; // true
 * ```
 */
export function proofJson(proof: Proof, seed: number): string {
  const document = {
    agreed: proofAgreed(proof),
    database: proof.database,
    seed,
    folding: { model: proof.folding.model, exceptions: proof.folding.exceptions.size },
    entities: proof.entities.map(({ entity, report, databaseTypes }) => ({
      entity,
      agreed: report.agreed,
      datasets: report.datasets,
      queries: report.queries,
      explained: report.explainedCount,
      databaseTypes,
      disagreements: report.disagreements,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
