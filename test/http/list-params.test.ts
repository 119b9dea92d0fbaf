/** The query parameters of a list request: filter, cursors and page size. */
import { describe, expect, test } from 'vitest';
import { readListParams, type ListParams } from '../../src/http/list-params.js';

const params = (query: string, pageSize = {}) => readListParams(new URL(`http://127.0.0.1/v1/agents${query}`), pageSize);

describe('readListParams', () => {
  test.for<[string, ListParams]>([
    ['', { filter: undefined, cursor: undefined, limit: 20 }],
    ['?filter=agent.name~LIKE~john', { filter: 'agent.name~LIKE~john', cursor: undefined, limit: 20 }],
    // `+` in a query string is a space, so these three are the same filter text…
    ['?filter=agent.name+LIKE+john', { filter: 'agent.name LIKE john', cursor: undefined, limit: 20 }],
    ['?filter=agent.name%20LIKE%20john', { filter: 'agent.name LIKE john', cursor: undefined, limit: 20 }],
    // …and a literal plus sign is %2B.
    ['?filter=agent.name+EQ+a%2Bb', { filter: 'agent.name EQ a+b', cursor: undefined, limit: 20 }],
    ['?filter=', { filter: undefined, cursor: undefined, limit: 20 }],
    ['?filter=+++', { filter: undefined, cursor: undefined, limit: 20 }],
    ['?starting_after=agnt_1&limit=5', { filter: undefined, cursor: { kind: 'starting_after', id: 'agnt_1' }, limit: 5 }],
    ['?ending_before=agnt_1&limit=100', { filter: undefined, cursor: { kind: 'ending_before', id: 'agnt_1' }, limit: 100 }],
    ['?page_size=50&status=new', { filter: undefined, cursor: undefined, limit: 20 }],
  ])('%s', ([query, expected]) => {
    expect(params(query)).toEqual(expected);
  });

  test('the page size is configurable', () => {
    expect(params('', { default: 50, max: 200 }).limit).toBe(50);
    expect(params('?limit=200', { default: 50, max: 200 }).limit).toBe(200);
  });

  test.for<[string, string]>([
    ['?starting_after=a&ending_before=b', 'Use starting_after or ending_before, not both: each names the record next to the page you want.'],
    ['?filter=a&filter=b', 'The parameter filter was given 2 times; give it once. Join predicates in one filter with AND.'],
    ['?limit=0', 'limit takes a whole number from 1 to 100, not "0".'],
    ['?limit=101', 'limit takes a whole number from 1 to 100, not "101".'],
    ['?limit=ten', 'limit takes a whole number from 1 to 100, not "ten".'],
    ['?limit=1e2', 'limit takes a whole number from 1 to 100, not "1e2".'],
    ['?limit=-5', 'limit takes a whole number from 1 to 100, not "-5".'],
    ['?starting_after=', 'starting_after takes the id of a record from a list response (for example the last id of a page).'],
  ])('%s is refused', ([query, message]) => {
    expect(() => params(query)).toThrow(expect.objectContaining({ name: 'TqlError', code: 'invalid_option', message: `invalid_option: ${message}` }));
  });
});
