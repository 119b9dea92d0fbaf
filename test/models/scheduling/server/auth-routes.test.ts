/** Bearer tokens and the route table of the reference server. */
import { describe, expect, test } from 'vitest';
import { authorized } from '../../../../src/models/scheduling/server/auth.js';
import { matchRoute } from '../../../../src/models/scheduling/server/routes.js';

describe('authorized', () => {
  test.for<[string | undefined, boolean]>([
    ['Bearer s3cret', true],
    ['bearer s3cret', true],
    ['Bearer  s3cret ', true],
    ['Bearer s3cre', false],
    ['Bearer s3cret2', false],
    ['Bearer', false],
    ['Basic czNjcmV0', false],
    ['s3cret', false],
    ['Bearer s3cret extra', false],
    [undefined, false],
  ])('Authorization: %s → %s', ([header, expected]) => {
    expect(authorized(header === undefined ? {} : { authorization: header }, 's3cret')).toBe(expected);
  });
});

describe('matchRoute', () => {
  test.for<[string, object]>([
    ['/v1/agents', { kind: 'list', route: expect.objectContaining({ entity: 'agent' }) }],
    ['/v1/agents/', { kind: 'list', route: expect.objectContaining({ entity: 'agent' }) }],
    ['/v1/resources', { kind: 'list', route: expect.objectContaining({ entity: 'resource' }) }],
    ['/v1/scheduling_requests', { kind: 'list', route: expect.objectContaining({ entity: 'scheduling_request' }) }],
    ['/v1/scheduling_requests/sreq_1', { kind: 'single', route: expect.objectContaining({ entity: 'scheduling_request' }), id: 'sreq_1' }],
    ['/v1/scheduling_requests/sreq%201', { kind: 'single', route: expect.objectContaining({ entity: 'scheduling_request' }), id: 'sreq 1' }],
    ['/v1/scheduling_requests/%E0%A4%A', { kind: 'invalid_id', route: expect.objectContaining({ entity: 'scheduling_request' }), raw: '%E0%A4%A' }],
    ['/v1/scheduling_requests/%ED%A0%80', { kind: 'invalid_id', route: expect.objectContaining({ entity: 'scheduling_request' }), raw: '%ED%A0%80' }],
    ['/v1/scheduling_requests/a%00', { kind: 'invalid_id', route: expect.objectContaining({ entity: 'scheduling_request' }), raw: 'a%00' }],
    [`/v1/scheduling_requests/${'x'.repeat(256)}`, { kind: 'single', route: expect.objectContaining({ entity: 'scheduling_request' }), id: 'x'.repeat(256) }],
    [`/v1/scheduling_requests/${'x'.repeat(257)}`, { kind: 'invalid_id', route: expect.objectContaining({ entity: 'scheduling_request' }), raw: 'x'.repeat(257) }],
    ['/v1/scheduling_requests//', { kind: 'invalid_id', route: expect.objectContaining({ entity: 'scheduling_request' }), raw: '' }],
    ['/v1/scheduling_requests/a/b', { kind: 'none' }],
    ['/v1/agents/agnt_1', { kind: 'none' }],
    ['/v2/agents', { kind: 'none' }],
    ['/', { kind: 'none' }],
  ])('%s', ([path, expected]) => {
    expect(matchRoute(path)).toEqual(expected);
  });
});
