/**
 * A small schema with Number attributes, for the Number tests: the scheduling models have none
 * (docs/language.md, Numbers). `price` is a plain field, `weight` a nullable one.
 */
import { defineSchema } from '../../src/schema/define-schema.js';

export const numberSchema = defineSchema({
  entities: {
    product: {
      attributes: {
        name: { type: 'String' },
        price: { type: 'Number' },
        weight: { type: 'Number', nullable: true },
      },
    },
  },
});
