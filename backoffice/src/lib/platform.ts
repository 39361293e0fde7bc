/** What differs between the staff's computers. */

/** The command palette's shortcut as the platform writes it: ⌘K on a Mac, iPhone or iPad, else Ctrl+K. */
export function paletteShortcut(platform: string = navigator.platform): string {
  return /Mac|iPhone|iPad/.test(platform) ? '⌘K' : 'Ctrl+K';
}
