// The explorer's presets: ordinary links (a query of field parameters and a view fragment), the
// same as a shared link; the page applies them in place so that undo and Back return.
export const PRESETS = Object.freeze([
  { name: 'Island', link: '?t=simplex&sc=64&o=5&is=1&ir=240#view=biomes&x=0&y=0&zoom=1',
    about: 'simplex fBm under a radial falloff, with biomes' },
  { name: 'Continents', link: '?t=simplex&sc=500&o=8&l=2&t1=0.5&t2=0.54&t3=0.7#view=bands&x=0&y=0&zoom=0.25',
    about: 'large simplex landmasses, eight octaves, seen from far' },
  { name: 'Ridged mountains', link: '?t=gradient&sc=64&fr=ridged&o=6&l=2&g=0.55&re=1.6#view=relief&x=0&y=0&zoom=1',
    about: 'ridged gradient fractal with redistribution, in relief' },
  { name: 'Caves', link: '?t=cellular&sc=32&o=2&t1=0.3&t2=0.4&t3=0.95#view=bands&x=0&y=0&zoom=1',
    about: 'cellular F1 in two octaves: round chambers (water) in the rock' },
  { name: 'Marble', link: '?t=gradient&sc=96&o=5&wl=2&w=4&w2=3.5#view=raw&x=0&y=0&zoom=1',
    about: 'a two-level domain warp of gradient fBm' },
]);
