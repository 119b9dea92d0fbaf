/**
 * docs/prisma.md: the page's Prisma schema is generated into a client (offline, as
 * test/support/prisma-clients.ts does), and its TypeScript examples run on SQLite through that
 * client, type-check against it and give the values they show.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { generatePrismaClient } from '../support/prisma-clients.js';
import { codeBlocks } from './markdown-examples.js';
import { testTypeScriptExamples, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/prisma.md';
const ROOT = new URL('../../', import.meta.url);
const markdown = readFileSync(new URL(FILE, ROOT), 'utf8');

// The example reads `./schema.prisma` and imports `./generated/prisma/client.js`, beside itself.
const schemaFile = fileURLToPath(new URL('.tmp/docs-examples/schema.prisma', ROOT));
const schemaBlocks = codeBlocks(markdown).filter((b) => b.lang === 'prisma');
mkdirSync(new URL('.tmp/docs-examples/', ROOT), { recursive: true });
writeFileSync(schemaFile, schemaBlocks[0]?.body ?? '');
generatePrismaClient(schemaFile);
const examples = typeScriptExamples(markdown, FILE);

describe('docs/prisma.md', () => {
  test('shows one Prisma schema, an example that runs and one that fails', () => {
    expect(schemaBlocks.length).toBe(1);
    expect(examples.filter((e) => e.error === undefined).length).toBeGreaterThanOrEqual(1);
    expect(examples.filter((e) => e.error !== undefined).length).toBeGreaterThanOrEqual(1);
  });

  testTypeScriptExamples(examples);
});
