// Hugo (Debian's 0.111) with a theme of its own header and 404 layout (themes/plain): the README's
// recipe both ways, built by the real `hugo` with --baseURL at a root and under the sub-path.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { generatorTests } from './helpers/generator.mjs';

generatorTests('hugo', {
  build(site, base) {
    const out = join(site, 'public');
    execFileSync('hugo', ['--quiet', '--source', site, '--destination', out, '--baseURL', `http://127.0.0.1${base}`], { stdio: 'pipe' });
    return out;
  },
  // The theme's header; its 404 layout's box (noisefield's page has neither)
  theme: { header: '.site-header', marker: '.theme-404, .site-header', font: '.content h1' },
  skip: ['public', 'resources', '.hugo_build.lock'],
});
