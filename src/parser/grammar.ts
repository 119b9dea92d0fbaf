/**
 * The TQL grammar, loaded from the bundle that `npm run generate` compiles from
 * grammar/tql.ohm: the grammar arrives as a prebuilt recipe, so no grammar text is compiled
 * when the package is imported.
 */
import tqlGrammar from '../../grammar/tql.ohm-bundle.js';

export { tqlGrammar };
