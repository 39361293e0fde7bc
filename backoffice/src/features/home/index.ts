/** The home screen. */
export { HomePage } from './HomePage';
