// Jekyll (Debian's 4.3) with the minima theme (Debian's jekyll-theme-minima): the README's recipe
// both ways, built by the real `jekyll build` with its --baseurl.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { generatorTests } from './helpers/generator.mjs';

generatorTests('jekyll', {
  build(site, base) {
    const out = join(site, '_site');
    execFileSync('jekyll', ['build', '--quiet', '--source', site, '--destination', out, '--baseurl', base.replace(/\/$/, '')],
      { stdio: 'pipe', env: { ...process.env, JEKYLL_ENV: 'production' } });
    return out;
  },
  // minima's header (the theme's own 404 page has it; noisefield's has none), and the text of its pages
  theme: { header: '.site-header', marker: '.site-header', font: '.page-content h1' },
});
