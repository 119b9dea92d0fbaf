/** The attributes a filter on the chosen entity can use, so nobody has to guess names. */
import type { Attribute } from '../../src/index.js';
import { ENTITY_VIEWS, type PlaygroundEntity } from './apps.js';
import { h } from './dom.js';

function notes(a: Attribute): string {
  return [
    a.nullable && 'can be null',
    a.values !== undefined && `one of ${a.values.join(', ')}`,
    a.id?.kind === 'prefixed' && `ids start with ${a.id.prefix}`,
    a.id?.kind === 'integer' && 'integer ids',
    a.collection && 'some element of a list',
    a.description,
  ]
    .filter((n): n is string => typeof n === 'string' && n !== '')
    .join('; ');
}

/** A table of the entity's attributes: path, type, operators and what else to know. */
export function renderAttributes(entity: PlaygroundEntity): HTMLElement {
  const e = ENTITY_VIEWS[entity].entity;
  const attributes: readonly Attribute[] = e.attributeNames.map((n) => (e.attributes as Readonly<Record<string, Attribute>>)[n]!);
  return h(
    'table',
    { className: 'attributes' },
    h('thead', {}, h('tr', {}, h('th', {}, 'attribute'), h('th', {}, 'type'), h('th', {}, 'operators'), h('th', {}, 'notes'))),
    h(
      'tbody',
      {},
      ...attributes.map((a) => h('tr', {}, h('td', {}, h('code', {}, a.path)), h('td', {}, a.type), h('td', {}, h('code', {}, a.operators.join(' '))), h('td', {}, notes(a)))),
    ),
  );
}
