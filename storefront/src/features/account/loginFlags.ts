/** What the login page shows from its query flags i, s, a, r and e. */
export interface LoginFlags {
  info: boolean;
  success: boolean;
  activated: boolean;
  resetSuccess: boolean;
  error: string | null;
}

export function readLoginFlags(search: string): LoginFlags {
  const query = new URLSearchParams(search);
  const on = (name: string) => query.get(name) === '1';
  const error = query.get('e');
  return { info: on('i'), success: on('s'), activated: on('a'), resetSuccess: on('r'), error: error || null };
}
