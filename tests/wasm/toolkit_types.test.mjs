// The noise types as JS sees them: every row of cpp/noise/noise_types.h reaches the schema's
// `type` values, nf.capabilities(), the applicability rules and a kernel of its own, with no list
// of types here (a new row is covered as it lands).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNoisefield } from './helpers/load.mjs';

const nf = await loadNoisefield();

test('every type has its capabilities and rules, in the schema\'s order', () => {
  const schema = nf.schema();
  const types = schema.find((p) => p.key === 'type').values;
  const caps = nf.capabilities();
  assert.deepEqual(Object.keys(caps), types);
  for (const t of types)
    assert.deepEqual(Object.keys(caps[t]).sort(), ['analyticGradient', 'analyticWhenTiled', 'dims3', 'tileable'], t);
  // The rules of the capability-bound parameters name exactly the types the capabilities allow.
  const allowed = (flag) => types.filter((t) => caps[t][flag]);
  const rule = (key) => schema.find((p) => p.key === key).applies?.types ?? types;
  assert.deepEqual(rule('periodX'), allowed('tileable'));
  assert.deepEqual(rule('periodY'), allowed('tileable'));
  assert.deepEqual(rule('dimensions'), allowed('dims3'));
  // Every type is named in the `type` description.
  const description = schema.find((p) => p.key === 'type').description;
  for (const t of types) assert.ok(description.includes(`${t} (`), t);
});

test('every type reaches a kernel of its own, and its name survives a share link', () => {
  const types = nf.schema().find((p) => p.key === 'type').values;
  const rows = types.map((type) => {
    const f = new nf.Field({ type, scale: 8, fractal: 'none' });
    try {
      assert.equal(nf.Field.fromQuery(f.toQuery()).config().type, type);
      return Array.from({ length: 50 }, (_, k) => f.sample(k * 1.37, k * 0.91));
    } finally {
      f.delete();
    }
  });
  for (let i = 0; i < types.length; i++)
    for (let j = i + 1; j < types.length; j++) {
      const differ = rows[i].filter((v, k) => v !== rows[j][k]).length;
      assert.ok(differ > 25, `${types[i]} and ${types[j]} sample alike (${differ} of 50 differ)`);
    }
});
