// Builds the explorer's parameter controls from the library's schema (nf.schema()): no parameter
// is named here. Each control: a label, the value shown (an editable number field), a reset to the
// schema default, keyboard operation through native inputs. The driver decides what a change
// means (validation, constraints) and calls update(config) to show the accepted values.

const RANGE_STEPS_MAX = 4000;   // finer than this, a slider is useless: number field only
const LOG_RATIO_MIN = 50;       // positive ranges wider than this ratio get a logarithmic slider
const LOG_POSITIONS = 1000;

// "warpSeedX" -> "Warp seed X", "t1" stays "t1".
export function labelOf(p) {
  if (p.label) return p.label;
  const k = p.key;
  if (k.length <= 2) return k;
  const words = k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w.length > 1 ? w.toLowerCase() : w)).join(' ');
}

const groupTitle = (g) => (g ? g[0].toUpperCase() + g.slice(1) : 'Other');

function decimalsOf(step) {
  if (!(step > 0) || Number.isInteger(step)) return 0;
  return Math.min(6, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9)));
}

// Shortest text for a value; floats keep full precision (a value from a URL may be finer than step).
export function formatValue(p, v) {
  if (p.type === 'bool') return v ? 'on' : 'off';
  if (p.type === 'enum') return String(v);
  if (typeof v !== 'number') return String(v);
  if (p.type === 'int') return String(v);
  const d = decimalsOf(p.step);
  const fixed = v.toFixed(d);
  return Number(fixed) === v ? fixed : String(v);
}

// Sliders span the schema's recommended range (softMin..softMax) when it gives one; the number
// field beside them takes anything in the hard range (min..max).
const lowOf = (p) => (Number.isFinite(p.softMin) ? p.softMin : p.min);
const highOf = (p) => (Number.isFinite(p.softMax) ? p.softMax : p.max);

function sliderKind(p) {
  if (p.type !== 'int' && p.type !== 'float') return 'none';
  const lo = lowOf(p), hi = highOf(p);
  if (p.type === 'float' && lo > 0 && hi / lo >= LOG_RATIO_MIN) return 'log';
  if (!(p.step > 0) || (hi - lo) / p.step > RANGE_STEPS_MAX) return 'none';
  return 'linear';
}

const toLogPos = (p, v) => {
  const lo = Math.log(lowOf(p)), hi = Math.log(highOf(p));
  const pos = Math.round(((Math.log(v) - lo) / (hi - lo)) * LOG_POSITIONS);
  return Math.min(LOG_POSITIONS, Math.max(0, pos));
};
// A slider position to the roundest value that sits at that position (deterministic in pos).
function fromLogPos(p, pos) {
  const lo = Math.log(lowOf(p)), hi = Math.log(highOf(p));
  const v = Math.exp(lo + (pos / LOG_POSITIONS) * (hi - lo));
  for (let digits = 1; digits <= 6; digits++) {
    const out = Math.min(p.max, Math.max(p.min, Number(v.toPrecision(digits))));
    if (toLogPos(p, out) === pos) return out;
  }
  return v;
}
// Snap a slider's float to its step grid without binary noise (0.35000000000000003 -> 0.35).
function snapToStep(p, v) {
  if (p.type === 'int') return Math.round(v);
  const d = decimalsOf(p.step);
  return Number(v.toFixed(d));
}

let uid = 0;
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of kids) if (c) e.append(c);
  return e;
};

// "value, gradient and simplex" from ['value', 'gradient', 'simplex'].
const listText = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

// Why parameter p does not take effect in config ('' when it does), read from the schema's
// applicability rule p.applies ({ types, requires: { key, min | equals | notEquals } }): the type
// must be listed, and the required parameter must apply itself and meet the condition.
export function inapplicableReason(p, config, byKey, depth = 0) {
  const a = p.applies;
  if (!a || depth > byKey.size) return '';
  if (a.types && !a.types.includes(config.type)) return `${listText(a.types)} only`;
  const r = a.requires;
  if (!r) return '';
  const other = byKey.get(r.key);
  if (other) {
    const why = inapplicableReason(other, config, byKey, depth + 1);
    if (why) return why;
  }
  const v = config[r.key], name = other ? labelOf(other) : r.key;
  if ('min' in r && !(v >= r.min)) return `needs ${name} ≥ ${r.min}`;
  if ('equals' in r && v !== r.equals) return r.equals === true ? `needs ${name} on` : `needs ${name} = ${r.equals}`;
  if ('notEquals' in r && v === r.notEquals) return `needs ${name} ≠ ${r.notEquals}`;
  return '';
}

// handlers.change(key, value, phase) -> nothing; phase is 'input' (live) or 'commit'.
// handlers.reset(key).
export function createControls(form, schema, handlers) {
  form.textContent = '';
  const byKey = new Map();
  const groups = new Map();
  for (const p of schema) {
    if (!groups.has(p.group)) groups.set(p.group, []);
    groups.get(p.group).push(p);
  }
  for (const [group, params] of groups) {
    const details = el('details', { class: 'ex-group', open: true, 'data-group': group });
    details.append(el('summary', {}, el('span', { text: groupTitle(group) }), el('span', { class: 'ex-count', text: String(params.length) })));
    const body = el('div', { class: 'ex-group-body' });
    for (const p of params) {
      const c = buildControl(p, handlers);
      byKey.set(p.key, c);
      body.append(c.root);
    }
    details.append(body);
    form.append(details);
  }

  const params = new Map(schema.map((p) => [p.key, p]));
  // Shows the values and dims the controls whose parameter does not take effect in this config
  // (their values stay in the config and the URL).
  function update(config) {
    for (const [key, c] of byKey) if (key in config) c.show(config[key]);
    for (const c of byKey.values()) c.setInactive(inapplicableReason(c.param, config, params));
  }
  function hint(key, message) {
    const c = byKey.get(key);
    if (c) c.hint(message);
  }
  return { update, hint, controls: byKey };
}

function buildControl(p, handlers) {
  const id = `ctl-${p.key}-${++uid}`;
  const docId = `${id}-doc`;
  const hintId = `${id}-hint`;
  const kind = sliderKind(p);
  const root = el('div', { class: `ex-ctl ex-ctl-${p.type}`, 'data-key': p.key });
  const label = el('label', { for: id, text: labelOf(p) });
  const reset = el('button', {
    type: 'button', class: 'ex-reset', 'aria-label': `Reset ${labelOf(p)} to ${formatValue(p, p.default)}`,
    title: `Reset to ${formatValue(p, p.default)}`, 'data-reset': p.key,
  });
  reset.textContent = '↺';
  reset.classList.add('ex-invisible');   // shown once the value differs from the default
  reset.tabIndex = -1;
  reset.addEventListener('click', () => handlers.reset(p.key));
  const doc = el('p', { class: 'ex-doc', id: docId, text: p.doc ?? p.description ?? '' });
  const hintEl = el('p', { class: 'ex-hint', id: hintId, role: 'status', hidden: true });
  const whyId = `${id}-why`;
  const whyEl = el('p', { class: 'ex-why', id: whyId, hidden: true });
  const describedBy = `${whyId} ${docId} ${hintId}`;
  let input;          // the primary element (the label points at it)
  let slider = null;  // linear or log range for numbers
  let hintTimer = 0;
  let current;

  const head = el('div', { class: 'ex-ctl-head' }, label);

  if (p.type === 'enum') {
    input = el('select', { id, 'aria-describedby': describedBy, 'data-key': p.key });
    for (const v of p.values) input.append(el('option', { value: v, text: v }));
    input.addEventListener('change', () => handlers.change(p.key, input.value, 'commit'));
    head.append(reset);
    root.append(head, input);
  } else if (p.type === 'bool') {
    input = el('input', { id, type: 'checkbox', class: 'ex-switch', 'aria-describedby': describedBy, 'data-key': p.key });
    input.addEventListener('change', () => handlers.change(p.key, input.checked, 'commit'));
    head.prepend(input);
    head.append(reset);
    root.append(head);
  } else {
    const num = el('input', {
      type: 'number', class: 'ex-num', min: p.min, max: p.max, step: p.step > 0 ? p.step : 'any',
      inputmode: p.type === 'int' ? 'numeric' : 'decimal', 'data-key': p.key, 'aria-describedby': describedBy,
    });
    const readNum = () => {
      const v = num.valueAsNumber;
      if (!Number.isFinite(v)) return null;
      return Math.min(p.max, Math.max(p.min, p.type === 'int' ? Math.round(v) : v));
    };
    num.addEventListener('input', () => { const v = readNum(); if (v !== null) handlers.change(p.key, v, 'input'); });
    num.addEventListener('change', () => {
      const v = readNum();
      if (v !== null) handlers.change(p.key, v, 'commit');
      show(current, true);   // what was accepted (a constraint may have held it back)
    });
    if (kind === 'none') {
      num.id = id;
      input = num;
      head.append(num, reset);
      root.append(head);
    } else {
      slider = el('input', {
        id, type: 'range', 'data-key': p.key, 'aria-describedby': describedBy,
        min: kind === 'log' ? 0 : lowOf(p), max: kind === 'log' ? LOG_POSITIONS : highOf(p),
        step: kind === 'log' ? 1 : p.step,
      });
      if (kind === 'log') slider.dataset.scale = 'log';
      num.setAttribute('aria-label', `${labelOf(p)} value`);
      const readSlider = () => (kind === 'log' ? fromLogPos(p, Number(slider.value)) : snapToStep(p, Number(slider.value)));
      slider.addEventListener('input', () => handlers.change(p.key, readSlider(), 'input'));
      slider.addEventListener('change', () => handlers.change(p.key, readSlider(), 'commit'));
      input = slider;
      head.append(num, reset);
      root.append(head, slider);
    }
    root._num = num;
  }
  root.append(whyEl, hintEl, doc);

  function show(v, force = false) {
    current = v;
    const isDefault = v === p.default || (p.type === 'bool' && !!v === !!p.default);
    if (root.classList.contains('ex-changed') === isDefault) {
      root.classList.toggle('ex-changed', !isDefault);
      reset.classList.toggle('ex-invisible', isDefault);
      reset.tabIndex = isDefault ? -1 : 0;
    }
    if (p.type === 'enum') {
      if (input.value !== v) input.value = v;
      return;
    }
    if (p.type === 'bool') {
      input.checked = !!v;
      return;
    }
    const num = root._num;
    // Do not rewrite the number field under the user's fingers; it is synced on commit.
    const text = formatValue(p, v);
    if ((force || document.activeElement !== num) && num.value !== text) num.value = text;
    if (slider) {
      const pos = kind === 'log' ? toLogPos(p, v) : v;
      if (Number(slider.value) !== pos) slider.value = String(pos);
      if (slider.getAttribute('aria-valuetext') !== text) slider.setAttribute('aria-valuetext', text);
    }
  }

  function hint(message) {
    clearTimeout(hintTimer);
    hintEl.textContent = message || '';
    hintEl.hidden = !message;
    root.classList.toggle('ex-has-hint', !!message);
    if (message) hintTimer = setTimeout(() => hint(''), 4000);
  }

  // Inactive: dimmed, with the reason; its inputs are disabled (so Tab skips them), the value kept.
  let inactive = '';
  function setInactive(reason) {
    if (reason === inactive) return;
    inactive = reason;
    root.classList.toggle('ex-inactive', !!reason);
    whyEl.textContent = reason;
    whyEl.hidden = !reason;
    if (reason) root.dataset.inactive = reason;
    else delete root.dataset.inactive;
    for (const e of [input, slider, root._num, reset]) if (e) e.disabled = !!reason;
  }

  return { root, input, slider, reset, show, hint, setInactive, param: p, kind };
}
