// A minimal VitePress site: the default theme (its nav bar, dark-mode toggle and built-in 404
// page). The test builds it with --base at a root and under /myproject/.
import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'My VitePress site',
  themeConfig: { nav: [{ text: 'Guide', link: '/guide' }] },
})
