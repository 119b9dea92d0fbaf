/** A tiny element builder, so the renderers read as the markup they make. */

type Child = Node | string | number | false | null | undefined;

/** Attributes: strings become attributes, `className` the class, `on…` listeners. */
type Attributes = { readonly className?: string } & Readonly<Record<string, string | EventListener | undefined>>;

/**
 * Creates an element with attributes and children; `false`, `null` and `undefined` children are
 * skipped so conditional parts stay inline.
 *
 * @example
 * ```ts
 * h('p', { className: 'note' }, 'Matches: ', h('strong', {}, 12)); // <p class="note">Matches: <strong>12</strong></p>
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === 'className') element.className = value;
    else element.setAttribute(name, value);
  }
  element.append(...nodes(children));
  return element;
}

/** Replaces the children of `parent`. */
export function show(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...nodes(children));
}

/** The children to insert: `false`, `null` and `undefined` left out, numbers as text. */
function nodes(children: readonly Child[]): (Node | string)[] {
  return children.flatMap((c) => (c === false || c === null || c === undefined ? [] : [typeof c === 'number' ? String(c) : c]));
}

/** The element with this id; a missing one is a bug in index.html. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`index.html has no ${type.name} #${id}`);
  return element;
}
