/**
 * The id of the element that carries a server-rendered page's state (`hydration.ts`). Its own
 * module, without dependencies, so the page's first script (`boot.ts`) can look for it cheaply.
 */
export const STATE_ELEMENT_ID = 'hb-state';
