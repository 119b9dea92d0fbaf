/** Types of scripts/write-field-slots.mjs, for the tests that check the generated files are current. */
export declare const FIELD_SLOT_POOL: number;
export declare const LIST_SLOT_POOL: number;
export declare const FIELD_SLOTS_AT_IMPORT: number;
export declare const LIST_SLOTS_AT_IMPORT: number;
/** The text of src/backends/memory/field-slots.ts. */
export declare function fieldSlotsSource(): string;
/** The text of src/backends/memory/field-slots-more.ts. */
export declare function moreFieldSlotsSource(): string;
