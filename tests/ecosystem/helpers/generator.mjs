// One generator's tests, both ways of the README's recipe, at a root and under SUB: build the
// fixture with the recipe applied, serve the output like a static host, open a missing URL (and,
// inside the site, the home page's banner) in Chromium.
import { test } from 'node:test';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { browserAndScratch } from '../../browser/helpers/browser.mjs';
import { checkInside, checkWholePage, recipe, runRecipe, serveBuilt, siteCopy, SUB } from './site.mjs';

// gen: the generator's name in README's recipe comments and its fixture folder.
// build(site, base, work) -> the built folder (runs the real generator).
// theme: { header, marker, font }: the theme's header, an element only its own 404 page has, and
//   an element of the page's text whose font must be the site's.
// alsoInside(browser, url): more checks of the site built the "inside" way, at both bases.
// skip: fixture entries not copied (build output, node_modules is never copied).
export function generatorTests(gen, { build, theme, skip = [], notFound = '404.html', alsoInside = null }) {
  const env = browserAndScratch(`nf-eco-${gen}-`);
  const snippets = () => recipe(gen);

  async function site(way, base) {
    const work = join(env.scratch, `${way}${base.replace(/\//g, '_')}`);
    const s = snippets();
    const dir = siteCopy(gen, work, skip);
    // `WAY:path` snippets are files of the site (written over the fixture's), `WAY+:path` lines
    // added to one (a setting in its config).
    for (const [name, text] of Object.entries(s)) {
      const m = /^(\w+)(\+?):(.+)$/.exec(name);
      if (!m || m[1] !== way) continue;
      const path = join(dir, m[3]);
      mkdirSync(dirname(path), { recursive: true });
      if (m[2]) appendFileSync(path, text); else writeFileSync(path, text);
    }
    if (s[`${way}.sh`]) await runRecipe(s[`${way}.sh`], { work, scratch: env.scratch, base });
    const out = await build(dir, base, work);
    return serveBuilt(out, base, notFound);
  }

  for (const base of ['/', SUB]) {
    const where = base === '/' ? 'at a root' : `under ${SUB}`;
    const tag = base === '/' ? 'root' : 'sub';
    test(`${gen} ${where}, the whole 404 page: noisefield's page is published, not the theme's, live with links in the base`, async () => {
      const served = await site('whole', base);
      try {
        await checkWholePage(env.browser, { url: served.url + 'no/such/page', home: served.url, themeMarker: theme.marker,
          shot: tag === 'root' ? `${gen}-whole-404.png` : null });
      } finally {
        await served.close();
      }
    });
    test(`${gen} ${where}, inside the site: the landscape in the theme's 404 page behind its header, a banner on the home page`, async () => {
      const served = await site('inside', base);
      try {
        await checkInside(env.browser, { url: served.url + 'no/such/page', home: served.url, status: 404, header: theme.header,
          portal: true, font: theme.font, shot: tag === 'root' ? `${gen}-404.png` : null });
        await checkInside(env.browser, { url: served.url, home: served.url, status: 200, header: theme.header,
          portal: false, shot: tag === 'root' ? `${gen}-banner.png` : null });
        if (alsoInside) await alsoInside(env.browser, served.url);
      } finally {
        await served.close();
      }
    });
  }
  return env;
}
