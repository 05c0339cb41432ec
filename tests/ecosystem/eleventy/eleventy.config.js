// A minimal Eleventy 3 site in the base blog's shape: templates in content/, layouts in
// _includes/, public/ copied to the site's root as is, and the HTML <base> plugin, which puts the
// path prefix (--pathprefix) in front of the site's URLs.
import { HtmlBasePlugin } from '@11ty/eleventy';

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ './public/': '/' });
  eleventyConfig.addPlugin(HtmlBasePlugin);
}

export const config = {
  dir: { input: 'content', includes: '../_includes', output: '_site' },
  markdownTemplateEngine: 'njk',
  htmlTemplateEngine: 'njk',
};
