/** The `next_page` / `previous_page` URLs of a list response. */

/** The cursor a link sets: a record's key (`starting_after`, `ending_before`), a cursor token, or none for the first page. */
export type LinkCursor = { readonly name: 'starting_after' | 'ending_before' | 'cursor'; readonly value: string } | undefined;

/**
 * `url` with `cursor` set and every other cursor parameter removed; every other parameter (the
 * filter, the sort, the limit) stays. Values are encoded with `encodeURIComponent`, which leaves
 * `~` as it is, so a `~`-separated filter stays readable in the link.
 *
 * @example
 * ```ts
 * pageLink(new URL('http://h/v1/agents?filter=agent.name~LIKE~jo'), { name: 'starting_after', value: 'agnt_9' });
 * // 'http://h/v1/agents?filter=agent.name~LIKE~jo&starting_after=agnt_9'
 * ```
 */
export function pageLink(url: URL, cursor: LinkCursor): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (name !== 'starting_after' && name !== 'ending_before' && name !== 'cursor') pairs.push([name, value]);
  }
  if (cursor !== undefined) pairs.push([cursor.name, cursor.value]);
  const query = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
  return `${url.origin}${url.pathname}?${query}`;
}
