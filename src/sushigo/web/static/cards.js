/**
 * Cards drawn as cards: a card, a die face or a Party menu kind as a DOM element, its
 * art from the sprite /static/cards.svg, and each card's rule on hover, focus, tap or
 * long-press. Plain ES module, no build step; styles in cards.css.
 *
 *   drawCard(spec, {tag, open, attrs})  a card (a <span>, or a <button> that opens the rule)
 *   cardClass(spec), cardParts(spec)    for a button built elsewhere (board.js's actions)
 *   ruleIds(spec)                       what its data-rule attribute names
 *   infoButton(spec), slot(card, info)  the small "?" beside a card that is an action
 *   iconOf(id, family)                  the sprite symbol drawn for a card id
 *   enableRules(root, lookup)           the rule tooltip and dialog for cards under root
 *
 * A spec: {id, ids?, label, name?, colour, count?, pip?, size: 'hand'|'table'|'big',
 * die?, flipped?, family?}. `label` is the visible name (the catalog's short name, or a
 * tableau item's label); `name` the full name (aria-label); `ids` every card of a tableau
 * item (a wasabi and its nigiri); `pip` the corner number (maki and uramaki icons, a
 * nigiri's value, a die's tokens; a Party special's order number where the catalog has
 * one); `die` draws a square die face instead of a portrait card; `flipped` a face-down
 * card (its face shown small).
 *
 * Rules: any element with data-rule="id id…" shows a tooltip (role=tooltip) on hover or
 * keyboard focus with each card's icon, name and rule (lookup(ids) gives them); one with
 * data-rule-open opens a modal <dialog> on click, Enter or Space; a long press on any
 * data-rule element, or the "?" key on a focused one, opens the dialog too. Escape
 * closes either. Text is set as text, never as HTML.
 */

import { h as el } from './dom.js';

export const SPRITE = '/static/cards.svg';

/** The symbols of cards.svg that cards may name (tests/test_web_cards.py checks them). */
export const SYMBOLS = new Set([
  'maki', 'maki-1', 'maki-2', 'maki-3', 'uramaki', 'temaki',
  'egg-nigiri', 'salmon-nigiri', 'squid-nigiri', 'nigiri', 'wasabi',
  'tempura', 'sashimi', 'dumpling', 'eel', 'tofu',
  'onigiri', 'onigiri-circle', 'onigiri-triangle', 'onigiri-square', 'onigiri-rectangle',
  'edamame', 'miso-soup',
  'chopsticks', 'soy-sauce', 'tea', 'menu', 'spoon', 'special-order', 'takeout-box',
  'pudding', 'green-tea-ice-cream',
  'fruit', 'fruit-watermelon', 'fruit-pineapple', 'fruit-orange',
  'fruit-watermelon-watermelon', 'fruit-pineapple-pineapple', 'fruit-orange-orange',
  'fruit-watermelon-pineapple', 'fruit-pineapple-orange', 'fruit-watermelon-orange',
  'flipped', 'blank',
]);

const SVG_NS = 'http://www.w3.org/2000/svg';
const LONG_PRESS_MS = 500;
const HOVER_MS = 250;


/** The sprite symbol for a card id: the id itself, else the id less a trailing number
 * (spoon-4, pudding-2), else its family, else a blank plate. "wasabi+egg-nigiri"
 * (a Sushi Roll face) draws its nigiri. */
export function iconOf(id, family = null) {
  const s = String(id || '');
  if (s.includes('+')) return iconOf(s.slice(s.lastIndexOf('+') + 1), family);
  if (SYMBOLS.has(s)) return s;
  const base = s.replace(/-\d+$/, '');
  if (SYMBOLS.has(base)) return base;
  if (family && SYMBOLS.has(family)) return family;
  return 'blank';
}

/** The art of a card: its main symbol and a small one in the corner, or null. */
export function layers(spec) {
  const ids = spec.ids && spec.ids.length ? spec.ids.filter((c) => c !== 'flipped') : [spec.id];
  const last = ids.length ? ids[ids.length - 1] : spec.id;
  if (spec.flipped) return ['flipped', last && last !== 'flipped' ? iconOf(last) : null];
  if (String(last).includes('+')) {
    const parts = String(last).split('+');
    return [iconOf(parts[parts.length - 1], spec.family), iconOf(parts[0])];
  }
  if (ids.length > 1) return [iconOf(last, spec.family), iconOf(ids[0])];
  return [iconOf(last, spec.family), null];
}

/** An <svg> drawing one symbol of the sprite. */
export function icon(symbol, cls = '') {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 64 64');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  if (cls) svg.setAttribute('class', cls);
  const use = document.createElementNS(SVG_NS, 'use');
  use.setAttribute('href', `${SPRITE}#${symbol}`);
  svg.append(use);
  return svg;
}

export function cardClass(spec) {
  const size = spec.size || 'table';
  return `sg-card sg-tile sg-${size}-size c-${spec.colour || 'plain'}${spec.die ? ' sg-die' : ''}${spec.flipped ? ' sg-face-down' : ''}`;
}

/** A card's name: it may break after a "+" (Wasabi+Squid nigiri), and its type is as
 * small as its longest word needs to fit the card (CSS reads --chars), never broken. */
function nameText(label) {
  const text = String(label ?? '');
  const words = text.split(/\s+|(?<=\+)/);
  const node = el('span', { class: 'sg-tile-name' });
  node.style.setProperty('--chars', String(Math.max(4, ...words.map((w) => w.length))));
  text.split('+').forEach((part, i, all) => {
    node.append(part + (i < all.length - 1 ? '+' : ''));
    if (i < all.length - 1) node.append(el('wbr'));
  });
  return node;
}

/** The inside of a card: its name (text), its art, its corner number, its count. */
export function cardParts(spec) {
  const [main, extra] = layers(spec);
  const name = nameText(spec.label);
  if (spec.count > 1) name.append(el('span', { class: 'sg-count' }, `×${spec.count}`));
  const parts = [
    // The count rides with the name: in a column of overlapping cards the name shows.
    name,
    el('span', { class: 'sg-tile-art', 'aria-hidden': 'true' },
      icon(main, 'sg-tile-main'), extra ? icon(extra, 'sg-tile-extra') : null),
  ];
  if (spec.pip !== null && spec.pip !== undefined && spec.pip !== '') {
    // The number is drawn by CSS (content: attr(data-n)): the card's text stays its name.
    parts.push(el('span', { class: 'sg-pip', 'data-n': spec.pip, 'aria-hidden': 'true' }));
  }
  return parts;
}

/** The ids a card's rule popover shows (a face-down card: the face-down rule, then its face). */
export function ruleIds(spec) {
  const ids = spec.ids && spec.ids.length ? [...spec.ids] : [spec.id];
  if (spec.flipped && !ids.includes('flipped')) ids.unshift('flipped');
  return [...new Set(ids.filter(Boolean))].join(' ');
}

/** The accessible name: the full name, and how many. */
export function cardLabel(spec) {
  const name = spec.name || spec.label;
  return spec.count > 1 ? `${name}, ${spec.count}` : name;
}

/**
 * One card as an element. `tag: 'button'` or `open: true` makes it open its rule dialog
 * when clicked (a span gets role=button and tabindex=0: inside the hand, where the page
 * focuses the first <button>, cards that are not actions are spans).
 */
export function drawCard(spec, { tag = 'span', open = false, rule = null, attrs = {} } = {}) {
  const opens = open || tag === 'button';
  const base = {
    class: cardClass(spec),
    'data-rule': rule || ruleIds(spec),
    'aria-label': cardLabel(spec),
  };
  if (opens) {
    base['data-rule-open'] = true;
    base['aria-haspopup'] = 'dialog';
    if (tag === 'button') base.type = 'button';
    else Object.assign(base, { role: 'button', tabindex: '0' });
  } else if (tag === 'span') {
    base.role = 'img';
  }
  return el(tag, { ...base, ...attrs }, cardParts(spec));
}

/** The small "?" beside a card that is an action: click or tap shows the rule. Not a
 * tab stop (a focused card shows its rule; "?" opens it). */
export function infoButton(spec) {
  return el('span', {
    class: 'sg-info', role: 'button', tabindex: '-1',
    'data-rule': ruleIds(spec), 'data-rule-open': true, 'aria-haspopup': 'dialog',
    'aria-label': `Rules: ${spec.name || spec.label}`,
  }, '?');
}

/** A card and its "?" together, as one item of a hand. */
export function slot(card, info) {
  return el('span', { class: `sg-slot${card.classList.contains('sg-die') ? ' sg-slot-die' : ''}` }, card, info);
}

// ---------------------------------------------------------------------------
// The rule tooltip and dialog

let tip = null;
let tipAnchor = null;
let dialog = null;
let dialogOpener = null;

function ensureTip() {
  if (!tip) {
    tip = el('div', { id: 'sg-rule-tip', class: 'sg-rule-tip', role: 'tooltip', hidden: true });
    document.body.append(tip);
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && tipAnchor) hideTip(); });
    window.addEventListener('scroll', () => { if (tipAnchor) hideTip(); }, { passive: true, capture: true });
  }
  return tip;
}

function hideTip() {
  if (!tip) return;
  tip.hidden = true;
  if (tipAnchor) {
    const by = (tipAnchor.getAttribute('aria-describedby') || '').split(/\s+/).filter((x) => x && x !== tip.id);
    if (by.length) tipAnchor.setAttribute('aria-describedby', by.join(' '));
    else tipAnchor.removeAttribute('aria-describedby');
  }
  tipAnchor = null;
}

function entryIcon(e) {
  const [main] = layers(e.spec || { id: e.id });
  return icon(main, 'sg-tip-icon');
}

function showTip(node, entries) {
  if (!entries.length) return;
  const t = ensureTip();
  if (tipAnchor && tipAnchor !== node) hideTip();
  t.replaceChildren(...entries.map((e) => el('div', { class: 'sg-tip-row' },
    entryIcon(e),
    el('div', { class: 'sg-tip-text' },
      el('strong', {}, e.name),
      e.rule ? el('span', { class: 'sg-tip-rule' }, e.rule) : null))));
  t.hidden = false;
  tipAnchor = node;
  const by = (node.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  if (!by.includes(t.id)) node.setAttribute('aria-describedby', [...by, t.id].join(' '));
  // Above the card if there is room, else below; inside the window.
  const r = node.getBoundingClientRect();
  const w = t.offsetWidth;
  const h = t.offsetHeight;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + r.width / 2 - w / 2));
  const top = r.top - h - 10 >= 8 ? r.top - h - 10 : Math.min(window.innerHeight - h - 8, r.bottom + 10);
  t.style.left = `${Math.round(left)}px`;
  t.style.top = `${Math.round(Math.max(8, top))}px`;
}

function ensureDialog() {
  if (dialog) return dialog;
  const close = el('button', { type: 'button', class: 'sg-rule-close', 'aria-label': 'Close', autofocus: true }, '×');
  dialog = el('dialog', { id: 'sg-rule-dialog', class: 'sg-rule-dialog', 'aria-labelledby': 'sg-rule-title' },
    el('div', { class: 'sg-rule-head' }, el('h2', { id: 'sg-rule-title', class: 'sg-rule-title' }), close),
    el('div', { class: 'sg-rule-main' }, el('div', { class: 'sg-rule-cards' }), el('div', { class: 'sg-rule-texts' })));
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop closes it (both the press and the release outside the box:
  // the release of the long press that opened it does not).
  let downOutside = false;
  const outside = (ev) => {
    const r = dialog.getBoundingClientRect();
    return ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom;
  };
  dialog.addEventListener('pointerdown', (ev) => { downOutside = ev.target === dialog && outside(ev); });
  dialog.addEventListener('click', (ev) => {
    if (downOutside && ev.target === dialog && outside(ev)) dialog.close();
    downOutside = false;
  });
  dialog.addEventListener('close', () => {
    const opener = dialogOpener;
    dialogOpener = null;
    if (!opener) return;
    let back = opener.node.isConnected ? opener.node : null;
    if (!back && opener.key && opener.root.isConnected) {
      back = opener.root.querySelector(`[data-key="${CSS.escape(opener.key)}"]`);
    }
    if (back) back.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  return dialog;
}

/** Open the rule dialog for `entries` ({id, name, rule, category, cards, spec}). */
export function openRules(entries, opener = null, root = null) {
  if (!entries.length) return;
  hideTip();
  const d = ensureDialog();
  if (d.open) d.close();
  const many = entries.length > 1;
  d.querySelector('#sg-rule-title').textContent = entries.map((e) => e.name).join(' + ');
  d.querySelector('.sg-rule-cards').replaceChildren(...entries.map((e) => drawCard({ ...e.spec, count: 1, size: many ? 'table' : 'big' })));
  d.querySelector('.sg-rule-texts').replaceChildren(...entries.map((e) => el('section', { class: 'sg-rule-entry' },
    many ? el('h3', { class: 'sg-rule-name' }, e.name) : null,
    e.category ? el('p', { class: 'sg-rule-meta' }, e.category) : null,
    e.rule ? el('p', { class: 'sg-rule-text' }, e.rule) : null,
    e.cards && e.cards.length ? el('p', { class: 'sg-rule-meta' }, `Cards: ${e.cards.join(', ')}`) : null)));
  dialogOpener = opener ? { node: opener, key: opener.closest('[data-key]')?.getAttribute('data-key') || null, root: root || document.body } : null;
  d.showModal();
}

/**
 * Rules for the cards under `root`: lookup(ids) gives [{id, name, rule, category, spec}].
 * Called again (each draw), it only swaps the lookup.
 */
export function enableRules(root, lookup) {
  if (root.sgRules) {
    root.sgRules.lookup = lookup;
    return;
  }
  const st = { lookup, hover: null, press: null, pressTimer: null, suppress: false, touch: false, keys: false };
  // The tooltip follows the keyboard's focus only once keys are in use: the page also
  // moves the focus to the hand at each decision, where a mouse user wants no tooltip.
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Tab' || ev.key.startsWith('Arrow')) st.keys = true; }, true);
  document.addEventListener('pointerdown', () => { st.keys = false; }, true);
  root.sgRules = st;
  const cardOf = (ev, sel = '[data-rule]') => {
    const node = ev.target instanceof Element ? ev.target.closest(sel) : null;
    return node && root.contains(node) ? node : null;
  };
  const idsOf = (node) => (node.getAttribute('data-rule') || '').split(/\s+/).filter(Boolean);
  const entries = (node) => {
    try {
      return st.lookup(idsOf(node)) || [];
    } catch (err) {
      console.warn('no rule for', idsOf(node), err);
      return [];
    }
  };
  const open = (node) => openRules(entries(node), node, root);

  // A long press opened the dialog: the click that follows is not a play.
  root.addEventListener('click', (ev) => {
    if (!st.suppress) return;
    st.suppress = false;
    ev.preventDefault();
    ev.stopPropagation();
  }, true);
  root.addEventListener('click', (ev) => {
    const node = cardOf(ev, '[data-rule-open]');
    if (!node || node.matches('[disabled]')) return;
    ev.preventDefault();
    open(node);
  });
  root.addEventListener('keydown', (ev) => {
    const node = cardOf(ev);
    if (!node || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if ((ev.key === 'Enter' || ev.key === ' ') && node.matches('[data-rule-open]') && node.tagName !== 'BUTTON') {
      ev.preventDefault();
      open(node);
    } else if (ev.key === '?') {
      ev.preventDefault();
      open(node);
    }
  });
  // Hover (a mouse) and keyboard focus: the tooltip.
  // (On a move, not on pointerover: a card drawn under a resting pointer shows nothing.)
  root.addEventListener('pointermove', (ev) => {
    if (ev.pointerType && ev.pointerType !== 'mouse') return;
    const node = cardOf(ev);
    if (!node || node === tipAnchor || node === st.hover) return;
    st.hover = node;
    clearTimeout(st.hoverTimer);
    st.hoverTimer = setTimeout(() => { if (st.hover === node && node.isConnected) showTip(node, entries(node)); }, HOVER_MS);
  });
  root.addEventListener('pointerout', (ev) => {
    const node = cardOf(ev);
    if (!node || (ev.relatedTarget instanceof Node && node.contains(ev.relatedTarget))) return;
    if (st.hover === node) st.hover = null;
    clearTimeout(st.hoverTimer);
    if (tipAnchor === node && document.activeElement !== node) hideTip();
  });
  root.addEventListener('focusin', (ev) => {
    const node = cardOf(ev);
    if (node && node === ev.target && st.keys && node.matches(':focus-visible')) showTip(node, entries(node));
  });
  root.addEventListener('focusout', (ev) => {
    const node = cardOf(ev);
    if (node && tipAnchor === node) hideTip();
  });
  // A long press (touch, pen): the dialog, even on a card that is an action.
  const cancelPress = () => {
    clearTimeout(st.pressTimer);
    st.press = null;
  };
  root.addEventListener('pointerdown', (ev) => {
    st.touch = ev.pointerType !== 'mouse';
    st.suppress = false;
    if (!st.touch) return;
    const node = cardOf(ev);
    if (!node) return;
    st.press = { x: ev.clientX, y: ev.clientY };
    clearTimeout(st.pressTimer);
    st.pressTimer = setTimeout(() => {
      st.press = null;
      st.suppress = true;
      setTimeout(() => { st.suppress = false; }, 800);
      open(node);
    }, LONG_PRESS_MS);
  });
  root.addEventListener('pointerup', cancelPress);
  root.addEventListener('pointercancel', cancelPress);
  root.addEventListener('pointermove', (ev) => {
    if (st.press && Math.hypot(ev.clientX - st.press.x, ev.clientY - st.press.y) > 10) cancelPress();
  });
  root.addEventListener('contextmenu', (ev) => {
    if (st.touch && cardOf(ev)) ev.preventDefault();
  });
  // A redraw replaced the card under the tooltip: hide it.
  new MutationObserver(() => {
    if (tipAnchor && !tipAnchor.isConnected) hideTip();
  }).observe(root, { childList: true, subtree: true });
}
