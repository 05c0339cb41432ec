// VitePress 1 (tests/ecosystem/vitepress: pinned in its own lock file) with its default theme: the
// README's recipe both ways, built by the real `vitepress build` with --base; and the landscape's
// theme="auto" following the theme's dark-mode toggle (and the other conventions) live.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { withPage } from '../browser/helpers/browser.mjs';
import { ecosystemDir, shotsDir } from './helpers/site.mjs';
import { generatorTests } from './helpers/generator.mjs';

const vitepress = join(ecosystemDir, 'vitepress', 'node_modules', '.bin', 'vitepress');

// The banner's scheme, read from its handle: the dark theme caps the daylight (kDarkDayCap, 0.3),
// so a fixed day of 0.9 shows which scheme the scene was given.
async function followsTheSite(browser, url) {
  await withPage(browser, url, { colorScheme: 'light', reducedMotion: 'reduce', viewport: { width: 1280, height: 720 } }, async ({ page, problems }) => {
    const el = 'noisefield-landscape';
    await page.waitForFunction((s) => document.querySelector(s)?.handle, el);
    await page.$eval(el, (e) => e.setAttribute('day', '0.9'));
    const shows = (theme, day) => page.waitForFunction(([s, t, d]) => {
      const st = document.querySelector(s).handle?.state();
      return st && st.theme === t && Math.abs(st.day - d) < 1e-9;
    }, [el, theme, day]);
    await shows('light', 0.9);
    // VitePress's own toggle: <html class="dark">.
    await page.click('.VPNavBarAppearance button');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    await shows('dark', 0.3);
    if (new URL(url).pathname === '/') await page.screenshot({ path: join(shotsDir, 'vitepress-banner-dark.png') });
    await page.click('.VPNavBarAppearance button');
    await shows('light', 0.9);
    // The other conventions on <html>: data-theme and a one-value color-scheme.
    await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
    await shows('dark', 0.3);
    await page.evaluate(() => { delete document.documentElement.dataset.theme; document.documentElement.style.colorScheme = 'dark'; });
    await shows('dark', 0.3);
    await page.evaluate(() => { document.documentElement.style.colorScheme = ''; });
    await shows('light', 0.9);
    // theme="light" forces one: the site's toggle no longer moves it.
    await page.$eval(el, (e) => e.setAttribute('theme', 'light'));
    await page.click('.VPNavBarAppearance button');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.waitForFunction((s) => document.querySelector(s).handle, el);
    await shows('light', 0.9);
    assert.deepEqual(problems, []);
  });
}

generatorTests('vitepress', {
  build(site, base) {
    execFileSync(vitepress, ['build', 'docs', '--base', base], { cwd: site, stdio: 'pipe' });
    return join(site, 'docs', '.vitepress', 'dist');
  },
  // The default theme's nav bar; its built-in 404 page (noisefield's has neither)
  theme: { header: '.VPNavBar', marker: '.NotFound, .VPNavBar', font: '.vp-doc h1' },
  skip: ['docs/.vitepress/dist', 'docs/.vitepress/cache'],
  alsoInside: followsTheSite,
});
