// Snapshots of every noise type, fractal and warp at small, mid, large and huge coordinates, bit
// for bit: the same values as tests/native/toolkit_snapshot_test.cpp, so wasm (with its SIMD paths)
// and native agree, and any change to a kernel's arithmetic shows here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

const POINTS = [[0.5, 0.25], [-7.75, 3.125], [1234.5, -987.25], [1e6 + 0.5, -1e6 - 0.25], [3.1e9, -2.7e9]];
const SNAPSHOTS = [
  ['', [0.54703124118205593, 0.84840550427498518, 0.44544306377627041, 0.35970112544604788, 0.56749711148862048]],
  ['fd=quintic&h=tutorial&o=5', [0.47966641095697082, 0.65018912179054422, 0.4858032148896621, 0.23051644944663996, 0.27755874376593193]],
  ['t=gradient&o=4&sc=8', [0.51307607229290531, 0.5353949225584963, 0.63238237464987224, 0.55828398309292915, 0.51767760635054172]],
  ['t=gradient&fd=cubic&fr=ridged', [0.66299116152146398, 0.83024426311721167, 0.68908280578320291, 0.44681970262360604, 0.99999961465114862]],
  ['t=simplex&fr=none', [0.14948223855688936, 0.92288888827783844, 0.8860232565589593, 0.95729438980083326, 0.5]],
  ['t=simplex&d=3&z=0.37&o=3', [0.3078405953892574, 0.81225824555429327, 0.65159092168308719, 0.32024633242024214, 0.45669565603668183]],
  ['t=simplex&px=4&py=3&sc=8', [0.50646872965505563, 0.75926983223166533, 0.48108169880508006, 0.47856486101405205, 0.54649781804661091]],
  ['t=cellular&fr=none', [0.19301757837860381, 0.29434209421631935, 0.19718238709863908, 0.40756895588064429, 0.21876868886494175]],
  ['t=cellular&cd=manhattan&cr=f2-f1&o=2', [0.25183908769038615, 0.22195291890016011, 0.37790738390843193, 0.26562849701558416, 0.15865647334706137]],
  ['t=cellular&cr=cell&j=0.5', [0.25686357719158487, 0.42003701593992965, 0.8252983889209905, 0.33946112377036897, 0.29836704259339186]],
  ['fr=billow&o=6&l=2.5&g=0.6', [0.31823082186754553, 0.51479090891008528, 0.46086124889421698, 0.4998070875877148, 0.23936029934234543]],
  ['wl=2&w=1.5&w2=0.8&sc=12', [0.49594526308697207, 0.46032396072756004, 0.64975393486595634, 0.47165586590053438, 0.42518708620635748]],
  ['t=value&d=3&z=-2.5&wl=1&sc=5', [0.3766557155537677, 0.34948728099479787, 0.3933006222467727, 0.29389992300873974, 0.67354657463763234]],
  ['s=227&wl=2&wc=0&w=4&wy=211&w2=3.5&vy=223', [0.13201578941087924, 0.41200926116312236, 0.47004267819054441, 0.34305798464144699, 0.51809114177677407]],
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
