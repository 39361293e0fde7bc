// Self-hosted fonts from @fontsource (never a font CDN). The browser downloads a file only when
// a theme uses its family and the page has characters in its unicode range.
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/700.css';
import '@fontsource/pt-sans/400.css';
import '@fontsource/pt-sans/700.css';
import '@fontsource/pt-serif/700.css';
