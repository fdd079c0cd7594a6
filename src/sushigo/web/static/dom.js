/*
 * Small DOM and text helpers shared by the pages. Plain ES module, no build.
 */

/** The page's <main>: every page draws itself in it. */
export const main = document.getElementById('main');

/** Build an element: h('a', {href: '/'}, 'text', child, ...). Attributes that are
 * null, undefined or false are left out; `class`, `text`, `dataset` and `on<event>`
 * (a function) are special. */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = v;
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    }
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function $(sel, root = document) {
  return root.querySelector(sel);
}

/** lo, lo + 1, ..., hi. */
export function range(lo, hi) {
  const out = [];
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

/** A key as words: 'green-tea-ice-cream' -> 'Green tea ice cream'. */
export function prettyKey(key) {
  const s = String(key ?? '').replace(/[-_]+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : '';
}

/** A server message as a sentence: capital first letter, final full stop. */
export function sentence(text) {
  const t = String(text ?? '').trim();
  if (!t) return t;
  const cap = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(cap) ? cap : `${cap}.`;
}

export const enc = encodeURIComponent;
