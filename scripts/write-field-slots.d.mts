/** Types of scripts/write-field-slots.mjs, for the test that checks the generated file is current. */
export declare const SLOT_COUNT: number;
/** The text of src/backends/memory/field-slots.ts. */
export declare function fieldSlotsSource(): string;
