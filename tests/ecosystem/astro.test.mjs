// Astro 5 (tests/ecosystem/astro: pinned in its own lock file; Astro 6 needs Node 22): the
// README's recipe both ways, built by the real `astro build` with --base.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ecosystemDir } from './helpers/site.mjs';
import { generatorTests } from './helpers/generator.mjs';

const astro = join(ecosystemDir, 'astro', 'node_modules', '.bin', 'astro');

generatorTests('astro', {
  build(site, base) {
    execFileSync(astro, ['build', '--base', base], { cwd: site, stdio: 'pipe', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    return join(site, 'dist');
  },
  // The layout's header; the site's own 404 page's heading (noisefield's page has neither)
  theme: { header: '.site-header', marker: '.site-header, .theme-404', font: 'main h1' },
  skip: ['dist', '.astro'],
});
