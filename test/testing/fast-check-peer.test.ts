/** Telling that fast-check is missing, from a module it imports that is missing, or any other error. */
import { expect, test } from 'vitest';
import { fastCheckMissing, isFastCheckMissing } from '../../src/testing/fast-check-peer.js';

const notFound = (code: string, message: string) => Object.assign(new Error(message), { code });

test.for([
  ['the error of an import of tql/testing without fast-check', fastCheckMissing(), true],
  ['ESM: Cannot find package fast-check', notFound('ERR_MODULE_NOT_FOUND', "Cannot find package 'fast-check' imported from /app/node_modules/tql/dist/testing.js"), true],
  ['CommonJS: Cannot find module fast-check', notFound('MODULE_NOT_FOUND', "Cannot find module 'fast-check'\nRequire stack:\n- /app/node_modules/tql/dist/testing.cjs"), true],
  ['a package fast-check needs is missing', notFound('ERR_MODULE_NOT_FOUND', "Cannot find package 'pure-rand' imported from /app/node_modules/fast-check/lib/fast-check.js"), false],
  ['another error', new TypeError('x is not a function'), false],
  ['not an error', undefined, false],
] as const)('%s: %s', ([, error, missing]) => {
  expect(isFastCheckMissing(error)).toBe(missing);
});

test('the error says what to install', () => {
  expect(fastCheckMissing().message).toMatchInlineSnapshot(`"invalid_option: tql/testing generates queries and records with fast-check, an optional peer dependency of tql: install it (npm install --save-dev fast-check)."`);
});
