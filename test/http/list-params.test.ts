/** The query parameters of a list request: filter, sort, cursors, page size and include. */
import { describe, expect, test } from 'vitest';
import { readListParams, type ListParams } from '../../src/http/list-params.js';

const read = (query: string, pageSize = {}) => readListParams(new URL(`http://127.0.0.1/v1/agents${query}`), pageSize);
const params = (query: string, pageSize = {}) => {
  const r = read(query, pageSize);
  if (!r.ok) throw r.error;
  return r.params;
};
const none = { filter: undefined, sort: undefined, cursor: undefined, limit: 20, totalCount: false } as const;

describe('readListParams', () => {
  test.for<[string, ListParams]>([
    ['', none],
    ['?filter=agent.name~LIKE~john', { ...none, filter: 'agent.name~LIKE~john' }],
    // `+` in a query string is a space, so these three are the same filter text…
    ['?filter=agent.name+LIKE+john', { ...none, filter: 'agent.name LIKE john' }],
    ['?filter=agent.name%20LIKE%20john', { ...none, filter: 'agent.name LIKE john' }],
    // …and a literal plus sign is %2B.
    ['?filter=agent.name+EQ+a%2Bb', { ...none, filter: 'agent.name EQ a+b' }],
    ['?filter=', none],
    ['?filter=+++', none],
    ['?sort=-created_at,name', { ...none, sort: '-created_at,name' }],
    ['?sort=', none],
    ['?starting_after=agnt_1&limit=5', { ...none, cursor: { kind: 'starting_after', id: 'agnt_1' }, limit: 5 }],
    ['?ending_before=agnt_1&limit=100', { ...none, cursor: { kind: 'ending_before', id: 'agnt_1' }, limit: 100 }],
    ['?cursor=WzEsImYiXQ', { ...none, cursor: { kind: 'cursor', token: 'WzEsImYiXQ' } }],
    ['?include=total_count', { ...none, totalCount: true }],
    ['?page_size=50&status=new', none],
  ])('%s', ([query, expected]) => {
    expect(params(query)).toEqual(expected);
  });

  test('the page size is configurable', () => {
    expect(params('', { default: 50, max: 200 }).limit).toBe(50);
    expect(params('?limit=200', { default: 50, max: 200 }).limit).toBe(200);
  });

  test.for<[string, string, string]>([
    ['?starting_after=a&ending_before=b', 'ending_before', 'Use one of starting_after, ending_before and cursor, not starting_after and ending_before: each names the place next to the page you want.'],
    ['?starting_after=a&cursor=b', 'cursor', 'Use one of starting_after, ending_before and cursor, not starting_after and cursor: each names the place next to the page you want.'],
    ['?filter=a&filter=b', 'filter', 'The parameter filter was given 2 times; give it once. Join predicates in one filter with AND.'],
    ['?sort=a&sort=b', 'sort', 'The parameter sort was given 2 times; give it once. Name several attributes in one, separated by commas.'],
    ['?limit=0', 'limit', 'limit takes a whole number from 1 to 100, not "0".'],
    ['?limit=101', 'limit', 'limit takes a whole number from 1 to 100, not "101".'],
    ['?limit=ten', 'limit', 'limit takes a whole number from 1 to 100, not "ten".'],
    ['?limit=1e2', 'limit', 'limit takes a whole number from 1 to 100, not "1e2".'],
    ['?limit=-5', 'limit', 'limit takes a whole number from 1 to 100, not "-5".'],
    ['?starting_after=', 'starting_after', 'starting_after takes the id of a record from a list response (for example the last id of a page).'],
    ['?cursor=', 'cursor', 'cursor takes the cursor of a next_page or previous_page link.'],
    ['?include=count', 'include', 'include takes total_count (the number of records the filter matches), not "count".'],
  ])('%s is refused, naming %s', ([query, parameter, message]) => {
    const r = read(query);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.parameter).toBe(parameter);
    expect(r.error).toMatchObject({ name: 'TqlError', code: 'invalid_option', message: `invalid_option: ${message}` });
  });
});
