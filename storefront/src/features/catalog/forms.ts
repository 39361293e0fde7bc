/** The engine's form checks now live in lib/forms.ts; kept as the catalog's import path. */
export { checkForm, reviewMinWords, type FieldRules } from '../../lib/forms';
