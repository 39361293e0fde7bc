// Self-hosted fonts from @fontsource (never a font CDN: the policy's font-src is 'self'). The
// browser downloads a file only for the characters of its unicode range on the page.
import '@fontsource/pt-sans/400.css';
import '@fontsource/pt-sans/700.css';
