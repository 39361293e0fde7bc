/** The command palette (Ctrl+K): search orders, customers, products and samples, and go there. */
export { CommandPalette, isPaletteShortcut } from './CommandPalette';
