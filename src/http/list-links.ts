/** The `next_page` / `previous_page` URLs of a list response. */

/**
 * `url` with the cursor parameter set to `id` and the other cursor removed; every other
 * parameter (the filter, the limit) stays. Values are encoded with `encodeURIComponent`, which
 * leaves `~` as it is, so a `~`-separated filter stays readable in the link.
 *
 * @example
 * ```ts
 * pageLink(new URL('http://h/v1/agents?filter=agent.name~LIKE~jo'), 'starting_after', 'agnt_9');
 * // 'http://h/v1/agents?filter=agent.name~LIKE~jo&starting_after=agnt_9'
 * ```
 */
export function pageLink(url: URL, cursor: 'starting_after' | 'ending_before', id: string): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (name !== 'starting_after' && name !== 'ending_before') pairs.push([name, value]);
  }
  pairs.push([cursor, id]);
  const query = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
  return `${url.origin}${url.pathname}?${query}`;
}
