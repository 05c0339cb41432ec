// Eleventy 3 (tests/ecosystem/eleventy: pinned in its own lock file), a site in the base blog's
// shape: the README's recipe both ways, built by the real `eleventy` with --pathprefix.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ecosystemDir } from './helpers/site.mjs';
import { generatorTests } from './helpers/generator.mjs';

const eleventy = join(ecosystemDir, 'eleventy', 'node_modules', '.bin', 'eleventy');

generatorTests('eleventy', {
  build(site, base) {
    execFileSync(eleventy, ['--quiet', `--pathprefix=${base}`], { cwd: site, stdio: 'pipe' });
    return join(site, '_site');
  },
  // The layout's header; noisefield's 404 page has none
  theme: { header: '.site-header', marker: '.site-header', font: '#main h1' },
  skip: ['_site'],
});
