/**
 * What the board's modules share (board.js, builders.js, players.js, log.js): building
 * elements, naming seats and cards, drawing a card of the catalog, sending an action,
 * the points badges and the motion of a card that just changed.
 *
 * A `ctx` is one drawing of one frame: {container, frame, names, onAct, catalog, ui,
 * decided, chosen, redraw}; `ui` is what the viewer is doing with the frame and lives
 * across frames (board.js keeps it per container).
 */

import { drawCard, infoButton, ruleIds, slot } from './cards.js';
import { h as el } from './dom.js';

export { el };

/** @typedef {import('./types.js').GameFrame} GameFrame */
/** @typedef {import('./types.js').LegalEntry} LegalEntry */
/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./types.js').TableauItem} TableauItem */

/**
 * @typedef {object} Ctx
 * @property {HTMLElement} container
 * @property {GameFrame} frame
 * @property {string[]} names
 * @property {((text: string) => void) | null} onAct
 * @property {Catalog | null} catalog
 * @property {object} ui
 * @property {number[]} decided
 * @property {{text: string, label?: string, timeout?: boolean, forced?: boolean,
 *   status?: 'sending' | 'stored' | 'queued'} | null} chosen the viewer's decision this
 *   step: `stored` once the server's ack came (only an ack marks it sent), `sending`
 *   while on its way, `queued` while the page is not connected (sent on reconnection)
 * @property {() => void} redraw
 */


/** @param {Ctx} ctx @param {number} seat */
export function nameOf(ctx, seat) {
  const given = ctx.names && ctx.names[seat];
  if (given) return given;
  const p = ctx.frame.players && ctx.frame.players[seat];
  return p && p.dummy ? 'Dummy' : `Seat ${seat + 1}`;
}

/** A sentence of the frame with its {N} seats named. */
export function fill(ctx, text) {
  return String(text || '').replace(/\{(\d+)\}/g, (_, s) => nameOf(ctx, Number(s)));
}

export function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "+5", "+0", "−3": points as a badge shows them. */
export function signed(n) {
  const v = Number(n) || 0;
  return v < 0 ? `−${-v}` : `+${v}`;
}

/** 1 -> "1st", 2 -> "2nd"... */
export function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] || s[v] || s[0]}`;
}

/** The catalog's entry for a card id (or a Party menu kind a spoon may ask for). */
export function info(ctx, id) {
  const cards = ctx.catalog && ctx.catalog.cards;
  if (cards && cards[id]) return cards[id];
  const kinds = (ctx.catalog && ctx.catalog.menu && ctx.catalog.menu.kinds) || [];
  const kind = kinds.find((k) => k.kind === id);
  if (kind) return kindInfo(kind);
  return { id, name: id, short: String(id).replace(/-/g, ' '), colour: 'plain' };
}

/** A Party menu kind as info() gives a card (its rule, its category, its cards). */
function kindInfo(kind) {
  return {
    id: kind.kind, name: kind.name, short: kind.name, colour: kind.colour, family: kind.kind,
    rule: kind.rule, category: kind.category, cards: kind.cards, icons: 0,
  };
}

export function menuKinds(ctx) {
  const kinds = ctx.catalog && ctx.catalog.menu && ctx.catalog.menu.kinds;
  if (Array.isArray(kinds) && kinds.length) return kinds;
  return ((ctx.frame.menu && ctx.frame.menu.kinds) || []).map((k) => ({ kind: k, name: k, colour: k }));
}

/** A card's rule from the catalog (a Party card without one: its kind's), or null. */
function ruleOf(ctx, data) {
  if (typeof data.rule === 'string' && data.rule.trim()) return data.rule;
  const kind = data.family && menuKinds(ctx).find((k) => k.kind === data.family);
  return kind && typeof kind.rule === 'string' && kind.rule.trim() ? kind.rule : null;
}

/** What cards.js draws for a card (or a die face, or a tableau item of several cards). */
export function cardSpec(ctx, { id, ids = null, label = null, colour = null, count = 1, size = 'table' }) {
  const data = info(ctx, id);
  const all = ids && ids.length ? ids : [id];
  const shown = colour || data.colour || 'plain';
  const flipped = shown === 'flipped' && id !== 'flipped';
  const text = label || data.short || id;
  const icons = Number(data.icons) > 0 ? Number(data.icons) : null;
  const order = Number.isFinite(data.order) ? data.order : null; // a Party special's number, if sent
  return {
    id, ids: all, label: text, name: label && label !== data.short ? label : (data.name || text),
    colour: shown, count, pip: flipped ? null : (icons ?? order), family: data.family || null,
    size, die: ctx.frame.game === 'sushi-roll', flipped,
  };
}

/** The rule popover's entries for the ids of a card's data-rule ("kind:x": a menu kind). */
export function ruleEntries(ctx, ids) {
  if (!ctx) return [];
  return ids.map((raw) => {
    const isKind = raw.startsWith('kind:');
    const id = isKind ? raw.slice(5) : raw;
    const kind = isKind ? menuKinds(ctx).find((k) => k.kind === id) : null;
    const data = kind ? kindInfo(kind) : info(ctx, id);
    const cards = kind && Array.isArray(kind.cards) && kind.cards.length > 1 ? kind.cards.map((c) => info(ctx, c).name) : null;
    return {
      id, name: data.name || id, rule: ruleOf(ctx, data), category: data.category || null, cards,
      spec: { ...cardSpec(ctx, { id }), label: data.short || data.name || id, name: data.name || id, colour: data.colour || 'plain', ids: [id], flipped: false },
    };
  });
}

/** One card (or die face, or group of them) drawn as a card: a button that shows its
 * rule (in the hand, where the page focuses the first button, a span acting as one). */
export function chip(ctx, { id = null, ids = null, label = null, colour = null, count = 1, extra = '', key = null, inHand = false, size = 'table', rule = null, attrs = {} }) {
  const spec = cardSpec(ctx, { id, ids, label, colour, count, size });
  const node = drawCard(spec, { tag: inHand ? 'span' : 'button', open: true, rule, attrs: { 'data-key': key, ...attrs } });
  for (const c of String(extra).split(/\s+/)) if (c) node.classList.add(c);
  return node;
}

/** A tableau item ({cards, label, colour, count}) as a card. */
export function itemChip(ctx, item, extra = '', key = null) {
  return chip(ctx, { id: item.cards[item.cards.length - 1], ids: item.cards, label: item.label, colour: item.colour, count: item.count, extra, key });
}

/** A card of the hand that is an action, with its "?" beside it. */
export function withInfo(ctx, button, card, count = 1) {
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  button.setAttribute('data-rule', ruleIds(spec));
  return slot(button, infoButton(spec));
}

export function counted(ids) {
  const out = new Map();
  for (const id of ids || []) out.set(id, (out.get(id) || 0) + 1);
  return out;
}

/** Multisets as keys: the same cards in any order are the same choice. */
export function keyOf(items) {
  return [...items].sort().join(',');
}

// ---------------------------------------------------------------------------
// What a card of the hand would score

let described = 0;

/**
 * The "+5" on a card of the hand (a die of the belt): what it would add to the viewer's
 * points this round were it played now (frame.gains). Visible as a badge; read as the
 * card's description ("adds 5 points now"), so the card's name stays its label. Null
 * when the frame has no gain for the card or the decision plays no card.
 * @param {Ctx} ctx @param {HTMLElement} node the card (a button or a span) @param {string} card
 */
export function addGain(ctx, node, card) {
  if (!showsGains(ctx)) return node;
  const gains = ctx.frame.gains;
  const n = gains[card];
  if (typeof n !== 'number') return node;
  described += 1;
  const id = `sg-gain-${described}`;
  const words = n === 0 ? 'adds no points now' : n > 0 ? `adds ${n} point${n === 1 ? '' : 's'} now` : `loses ${-n} point${n === -1 ? '' : 's'} now`;
  node.append(el('span', { class: `sg-gain${n > 0 ? ' sg-gain-up' : n < 0 ? ' sg-gain-down' : ''}`, 'data-gain': n, 'aria-hidden': 'true' }, signed(n)),
    el('span', { id, class: 'sg-sr' }, words));
  const by = (node.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  node.setAttribute('aria-describedby', [...by, id].join(' '));
  return node;
}

/** Gains are shown while the viewer plays a card of the hand (a pick, a chopsticks'
 * second card, a Roll turn) or waits with a hand; not while giving, asking or flipping. */
function showsGains(ctx) {
  const { frame } = ctx;
  if (!frame.gains || frame.over) return false;
  const kind = frame.decision && frame.decision.kind;
  return !kind || kind === 'pick' || kind === 'take' || kind === 'turn';
}

// ---------------------------------------------------------------------------
// Sending an action

/** Send a legal entry's text: the page (onAct) says what became of it (sending, queued
 * while not connected, refused) and draws the board again; nothing is shown as sent
 * here. Clicking the choice already made does nothing.
 * @param {Ctx} ctx @param {string} text a legal entry's text */
export function act(ctx, text) {
  if (!ctx.onAct || ctx.ui.sent) return;
  if (ctx.chosen && ctx.chosen.text === text && ctx.chosen.status !== 'queued') return;
  ctx.onAct(text);
}

/** ", 2 rolls": what a card of the entry counts towards a roll race (a maki's rolls,
 * an uramaki's icons), for a button's name; '' for any other card. */
export function countWords(ctx, entry) {
  const cards = Array.isArray(entry.cards) && entry.cards.length ? entry.cards : (entry.card ? [entry.card] : []);
  if (cards.length !== 1) return '';
  const data = info(ctx, cards[0]);
  const n = Number(data.icons);
  if (!(n > 0)) return '';
  if (data.family === 'maki') return `, ${n} roll${n === 1 ? '' : 's'}`;
  if (data.family === 'uramaki') return `, ${n} uramaki icon${n === 1 ? '' : 's'}`;
  return '';
}

/** A button that sends a legal entry: `button.act[data-action]`. */
export function actButton(ctx, entry, attrs = {}, ...content) {
  const enabled = Boolean(ctx.onAct) && !ctx.ui.sent;
  return el('button', {
    type: 'button',
    class: `act ${attrs.class || 'sg-choice'}`,
    'data-action': entry.text,
    'data-key': attrs.key || `act:${entry.text}`,
    'aria-label': attrs.label === null ? null : (attrs.label || fill(ctx, entry.label) + countWords(ctx, entry)),
    disabled: !enabled,
    onclick: () => act(ctx, entry.text),
  }, content.length ? content : fill(ctx, entry.label));
}

/** The viewer's decision this step as a legal entry (its label, its cards), or null. */
export function chosenEntry(ctx) {
  const c = ctx.chosen;
  if (!c || !c.text) return null;
  const e = (ctx.frame.legal || ctx.ui.legal || []).find((x) => x.text === c.text);
  return { ...(e || {}), ...c, label: (e && e.label) || c.label || null };
}

/** What the viewer chose, in words: card names, never ids. */
function choiceText(ctx, e) {
  const names = (ids) => ids.map((c) => info(ctx, c).name);
  if (e.kind === 'pick' && Array.isArray(e.cards) && e.cards.length && !e.copy && !e.call) {
    const cards = names(e.cards);
    let out = cards.length === 2 ? `${cards[0]} then ${cards[1]} with chopsticks` : listText(cards);
    if (e.dummy) out += `, and ${info(ctx, e.dummy).name} for the dummy`;
    return out;
  }
  if (e.label) return fill(ctx, e.label);
  const known = ctx.catalog && ctx.catalog.cards && ctx.catalog.cards[e.text];
  return known ? known.name : 'your choice';
}

/** "You chose Salmon nigiri" (or what the timer or the rules played for the viewer). */
export function chosenSentence(ctx) {
  const e = chosenEntry(ctx);
  if (!e) return 'You have chosen';
  const what = choiceText(ctx, e);
  if (e.timeout) return `Time ran out: ${what} was played for you`;
  if (e.forced) return `Your only choice, ${what}, was played for you`;
  if (e.status === 'queued') return `You chose ${what}: not connected, it will be sent when the connection is back`;
  if (e.status === 'sending') return `Sending your choice, ${what}…`;
  if (canChange(ctx)) return `You chose ${what} — tap another card to change it until the reveal`;
  return `You chose ${what}`;
}

/** The viewer's choice is stored and may still change: others are still choosing
 * and the frame keeps its legal actions (docs/web.md, "Changing your mind"). */
export function canChange(ctx) {
  const { frame, chosen } = ctx;
  if (!chosen || chosen.status !== 'stored' || chosen.timeout || chosen.forced) return false;
  if (!ctx.onAct || !frame.legal || frame.legal.length < 2) return false;
  return stillDeciding(ctx).some((s) => s !== frame.viewer);
}

/** Seats that must still decide this step: to_act less those that have chosen. */
export function stillDeciding(ctx) {
  return (ctx.frame.to_act || []).filter((s) => !ctx.decided.includes(s));
}

// ---------------------------------------------------------------------------
// Motion

/**
 * Give `node` the animation class `cls` if `since` (performance.now() when the change
 * came) is less than `ms` ago, carried on where it was (a redraw of the same frame does
 * not start it again). CSS runs the animation only under prefers-reduced-motion:
 * no-preference; the class also names the change for a static marker.
 */
export function motion(node, cls, since, ms) {
  if (!since) return node;
  const age = performance.now() - since;
  if (age >= ms) return node;
  node.classList.add(cls);
  node.style.animationDelay = `${-Math.round(age)}ms`;
  return node;
}
