/** The `next_page` / `previous_page` URLs of a list response. */
import type { PageLink } from './list-store.js';

/**
 * `url` with the cursor parameter of `link` (none for the first page) and the other cursor removed; every other
 * parameter (the filter, the limit) stays. Values are encoded with `encodeURIComponent`, which
 * leaves `~` as it is, so a `~`-separated filter stays readable in the link.
 *
 * @example
 * ```ts
 * pageLink(new URL('http://h/v1/agents?filter=agent.name~LIKE~jo'), { kind: 'starting_after', id: 'agnt_9' });
 * // 'http://h/v1/agents?filter=agent.name~LIKE~jo&starting_after=agnt_9'
 * ```
 */
export function pageLink(url: URL, link: PageLink): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (name !== 'starting_after' && name !== 'ending_before') pairs.push([name, value]);
  }
  if (link.kind !== 'first') pairs.push([link.kind, link.id]);
  const query = pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
  return `${url.origin}${url.pathname}?${query}`;
}
