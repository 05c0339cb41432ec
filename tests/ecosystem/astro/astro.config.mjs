// A minimal Astro 5 site in the starters' shape: pages in src/pages (its own 404.astro), a layout
// with a header component, public/ copied as is. The test builds it with --base at a root and
// under /myproject/.
import { defineConfig } from 'astro/config';

export default defineConfig({});
