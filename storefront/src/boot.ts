/**
 * The page's one script (index.html). A server-rendered page is readable without JavaScript, so
 * the browser first shows it (with its stylesheet, fonts and first images) and only then fetches
 * and runs the app (`main.tsx`), which makes it live: on a phone's slow line the app's scripts
 * do not compete with what the visitor sees first. A page that is not
 * server-rendered (the renderer was down) shows nothing without the app, which starts at once.
 */
import { STATE_ELEMENT_ID } from './app/stateElement';
import { afterFirstContentfulPaint } from './lib/firstPaint';

const startApp = () => void import('./main');
if (document.getElementById(STATE_ELEMENT_ID)) afterFirstContentfulPaint(startApp);
else startApp();
