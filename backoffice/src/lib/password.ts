/**
 * A hint of a password's strength while it is typed. The server decides (it refuses passwords
 * under 12 characters and weak ones); this only helps choose, so it is a rough count of length
 * and kinds of characters, not a guess estimator.
 */
export const PASSWORD_MINIMUM = 12;

export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'strong';

const KINDS = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/];

export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < PASSWORD_MINIMUM) return 'tooShort';
  const distinct = new Set(password).size;
  const kinds = KINDS.filter((kind) => kind.test(password)).length;
  // One character repeated, or a short run of a few, is weak however long.
  if (distinct < 6) return 'weak';
  if (length >= 20 || (length >= 16 && kinds >= 3)) return 'strong';
  return kinds >= 3 ? 'fair' : 'weak';
}
