// Snapshots of every noise type, fractal and warp at small, mid, large and huge coordinates, bit
// for bit: the same values as tests/native/toolkit_snapshot_test.cpp, so wasm (with its SIMD paths)
// and native agree, and any change to a kernel's arithmetic shows here. Every row was regenerated
// once, on purpose, when Fields began finalising their seeds (tk::seedTerm, issue 24).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

const POINTS = [[0.5, 0.25], [-7.75, 3.125], [1234.5, -987.25], [1e6 + 0.5, -1e6 - 0.25], [3.1e9, -2.7e9]];
const SNAPSHOTS = [
  ['', [0.57077019518971572, 0.580829762126294, 0.33232111852565327, 0.45940609902038132, 0.53755787097657148]],
  ['fd=quintic&h=tutorial&o=5', [0.24157403161993163, 0.3268562455272257, 0.60810498317640471, 0.46263208685830876, 0.75491620866850784]],
  ['t=gradient&o=4&sc=8', [0.5186340262518182, 0.38878058705801183, 0.56616662148537922, 0.49165937627141854, 0.51178509712507225]],
  ['t=gradient&fd=cubic&fr=ridged', [0.83427302273290138, 0.70198327714542841, 0.73260222192932378, 0.91272450770141111, 0.99999922930665164]],
  ['t=simplex&fr=none', [0.27766180873207702, 0.48858133364341405, 0.12128111635800193, 0.53754131090482582, 0.72658324035371225]],
  ['t=simplex&d=3&z=0.37&o=3', [0.60998209806485892, 0.58532213834811664, 0.54946295382397747, 0.40082517800844275, 0.44130392373220978]],
  ['t=simplex&px=4&py=3&sc=8', [0.52183944713730057, 0.53401556265569949, 0.43297707352677267, 0.4593697868258329, 0.47460586061180721]],
  ['t=cellular&fr=none', [0.32467932164447227, 0.44361167222394315, 0.36359000636523603, 0.13385661737271548, 0.13305194141214413]],
  ['t=cellular&cd=manhattan&cr=f2-f1&o=2', [0.22433074388887972, 0.086564039182219665, 0.14814768111210541, 0.26976013249877068, 0.20905510782524273]],
  ['t=cellular&cr=cell&j=0.5', [0.28165544586123098, 0.44199138650271508, 0.6932873531976449, 0.36706242434281322, 0.29363926453515887]],
  ['fr=billow&o=6&l=2.5&g=0.6', [0.58201243917410395, 0.40612996857364841, 0.15415253028558176, 0.15882295123688578, 0.55789388729606737]],
  ['wl=2&w=1.5&w2=0.8&sc=12', [0.71545479163408665, 0.46460492036020246, 0.63913065022411353, 0.64749363339143617, 0.34978376959051971]],
  ['t=value&d=3&z=-2.5&wl=1&sc=5', [0.6521571219370722, 0.55231991500467137, 0.52540517349955462, 0.45227600736097306, 0.59175824310378944]],
  ['s=227&wl=2&wc=0&w=4&wy=211&w2=3.5&vy=223', [0.36420630703572432, 0.36306444931368842, 0.71231391325619209, 0.620816439667353, 0.62693197981014559]],
  // Added with OpenSimplex2 and 3-D cellular (issue 10).
  ['t=opensimplex2&fr=none', [0.51968275201967407, 0.52421490746404564, 0.15058159128012977, 0.4691475751301532, 0.7467234773006648]],
  ['t=opensimplex2&d=3&z=0.37&o=3', [0.67327012569594546, 0.45125096493636413, 0.31993591677942002, 0.48582117511983991, 0.5953435892863036]],
  ['t=cellular&d=3&z=0.3&cr=f2&cd=manhattan', [0.58712268737088824, 0.50386678748052893, 0.55155228093810682, 0.54730994737693972, 0.43249571135582521]],
];

test('snapshots: every type at small, large and huge coordinates equals the native values bit for bit', () => {
  for (const [query, values] of SNAPSHOTS) {
    const f = nf.Field.fromQuery(query);
    POINTS.forEach(([x, y], k) => assert.equal(f.sample(x, y), values[k], `${query} at (${x}, ${y})`));
    // The batch fill of one sample rounds the same double to float.
    const one = f.fill({ width: 1, height: 1, x: POINTS[2][0], y: POINTS[2][1], step: 1 });
    assert.equal(one.view[0], Math.fround(values[2]), `${query} fill`);
    f.delete();
  }
});
