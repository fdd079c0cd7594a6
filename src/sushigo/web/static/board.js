/**
 * The board: draws one frame (docs/web.md, "Frames") into a container.
 *
 *   renderBoard(container, frame, {names, onAct, catalog, decided, chosen})
 *   renderReplay(container, frame, catalog, names)
 *
 * Plain ES module, no build step. Everything is drawn from the frame: the viewer's
 * hand, every player's tableau grouped by colour, scores, whose decision it is, the
 * menu and the log (Party), belts, trays, tokens and supply (Roll), the round
 * results and the final result. The viewer decides among frame.legal; onAct(text)
 * is called with the chosen action's text.
 *
 * Sushi Go!'s chopsticks are a pair built by clicking: with "Use chopsticks" on, the
 * viewer clicks a first card of the hand, then a second (only the cards that make a
 * legal pair with the first are enabled), sees the pair, and confirms or cancels
 * (Escape cancels too). The action sent is the legal pair for that order, or the
 * other order when only that one is legal (the engine offers both orders only where
 * the order changes the outcome: a nigiri on a wasabi).
 *
 * Hooks for tests: every legal action's button is `button.act[data-action]` (those
 * the hand and lists do not show are in a closed "Every other choice" list); the
 * hand is #hand, the prompt #decision, the final result #final (data-winners,
 * comma-separated seats), each finished round `.round-result`. Building a pair:
 * the hand's cards are `button.sg-pair-card[data-card]` (aria-pressed once chosen),
 * the pair's status #pair-status, its buttons #pair-confirm (an `.act` once two
 * cards are chosen) and #pair-cancel.
 *
 * Cards, dice and menu kinds are drawn by cards.js (`.sg-tile`, art from cards.svg, the
 * name as text). Each names its rule in data-rule: hover or keyboard focus shows
 * #sg-rule-tip; a click on a card that is not an action (a tableau, a belt, a menu
 * tile), the "?" beside a card of the hand (`.sg-info`) or a long press opens
 * #sg-rule-dialog. The rule is the catalog's (`cards[id].rule`, `menu.kinds[i].rule`);
 * without one, only the name and art show. Party's menu is `.sg-menu-panel`.
 */

import { cardClass, cardParts, drawCard, enableRules, icon, iconOf, infoButton, ruleIds, slot } from './cards.js';

const STATE = new WeakMap(); // container -> what the viewer is doing with the frame

/**
 * Draw `frame` into `container`.
 * @param {HTMLElement} container
 * @param {object} frame a frame from sushigo.present.frames
 * @param {{names?: string[], onAct?: ((text: string) => void) | null, catalog?: object | null,
 *   decided?: number[], chosen?: {text: string, label?: string, timeout?: boolean, forced?: boolean} | null}} options
 *   `decided`: the seats that have chosen this step (the state message's); `chosen`: the
 *   viewer's own decision this step, once made (the status line names it, the hand marks it)
 */
export function renderBoard(container, frame, options = {}) {
  const { names = [], onAct = null, catalog = null, decided = [], chosen = null } = options || {};
  let ui = STATE.get(container);
  if (!ui) {
    ui = { key: null, table: null, mode: null, selected: null, picks: [], sent: false, frame: null, before: null, ctx: null };
    STATE.set(container, ui);
    container.addEventListener('keydown', (ev) => onKey(ui, ev));
    enableRules(container, (ids) => ruleEntries(ui.ctx, ids));
  }
  // What lay on the table before this frame, to mark the cards just played.
  const table = JSON.stringify([frame.round, frame.players.map((p) => p.played)]);
  if (table !== ui.table) {
    ui.before = ui.frame;
    ui.table = table;
  }
  ui.frame = frame;
  // A new decision forgets the choices half made; a redraw of the same keeps them.
  const key = JSON.stringify([frame.viewer, frame.round, frame.turn, frame.to_act, frame.decision, frame.hand]);
  if (key !== ui.key) Object.assign(ui, { key, mode: null, selected: null, picks: [], legal: [] });
  if (frame.legal) ui.legal = frame.legal; // to name the choice once it is made (legal is then null)
  ui.sent = false; // the page disables the actions while a decision is on its way
  const ctx = { container, frame, names, onAct, catalog, ui, decided: Array.isArray(decided) ? decided : [], chosen };
  ui.ctx = ctx;
  draw(ctx);
}

/** A finished game's step (a replay frame): the board with no decisions. */
export function renderReplay(container, frame, catalog = null, names = []) {
  renderBoard(container, frame, { names, catalog, onAct: null });
}

// ---------------------------------------------------------------------------
// Helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function nameOf(ctx, seat) {
  const given = ctx.names && ctx.names[seat];
  if (given) return given;
  const p = ctx.frame.players && ctx.frame.players[seat];
  return p && p.dummy ? 'Dummy' : `Seat ${seat + 1}`;
}

/** A sentence of the frame with its {N} seats named. */
function fill(ctx, text) {
  return String(text || '').replace(/\{(\d+)\}/g, (_, s) => nameOf(ctx, Number(s)));
}

function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function info(ctx, id) {
  const cards = ctx.catalog && ctx.catalog.cards;
  if (cards && cards[id]) return cards[id];
  const kinds = (ctx.catalog && ctx.catalog.menu && ctx.catalog.menu.kinds) || [];
  const kind = kinds.find((k) => k.kind === id); // a spoon may ask for a kind
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

function menuKinds(ctx) {
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
function cardSpec(ctx, { id, ids = null, label = null, colour = null, count = 1, size = 'table' }) {
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
function ruleEntries(ctx, ids) {
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
function chip(ctx, { id = null, ids = null, label = null, colour = null, count = 1, extra = '', key = null, inHand = false, size = 'table', rule = null }) {
  const spec = cardSpec(ctx, { id, ids, label, colour, count, size });
  const node = drawCard(spec, { tag: inHand ? 'span' : 'button', open: true, rule, attrs: { 'data-key': key } });
  for (const c of String(extra).split(/\s+/)) if (c) node.classList.add(c);
  return node;
}

/** A tableau item ({cards, label, colour, count}) as a card. */
function itemChip(ctx, item, extra = '', key = null) {
  return chip(ctx, { id: item.cards[item.cards.length - 1], ids: item.cards, label: item.label, colour: item.colour, count: item.count, extra, key });
}

/** A card of the hand that is an action, with its "?" beside it. */
function withInfo(ctx, button, card, count = 1) {
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  button.setAttribute('data-rule', ruleIds(spec));
  return slot(button, infoButton(spec));
}

function counted(ids) {
  const out = new Map();
  for (const id of ids || []) out.set(id, (out.get(id) || 0) + 1);
  return out;
}

function act(ctx, text) {
  if (!ctx.onAct || ctx.ui.sent) return;
  ctx.ui.sent = true;
  ctx.chosen = { text };
  ctx.onAct(text);
  draw(ctx);
}

/** The viewer's decision this step as a legal entry (its label, its cards), or null. */
function chosenEntry(ctx) {
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
function chosenSentence(ctx) {
  const e = chosenEntry(ctx);
  if (!e) return 'You have chosen';
  const what = choiceText(ctx, e);
  if (e.timeout) return `Time ran out: ${what} was played for you`;
  if (e.forced) return `Your only choice, ${what}, was played for you`;
  return `You chose ${what}`;
}

/** Seats that must still decide this step: to_act less those that have chosen. */
function stillDeciding(ctx) {
  return (ctx.frame.to_act || []).filter((s) => !ctx.decided.includes(s));
}

function actButton(ctx, entry, attrs = {}, ...content) {
  const enabled = Boolean(ctx.onAct) && !ctx.ui.sent;
  return el('button', {
    type: 'button',
    class: `act ${attrs.class || 'sg-choice'}`,
    'data-action': entry.text,
    'data-key': `act:${entry.text}`,
    'aria-label': fill(ctx, entry.label),
    disabled: !enabled,
    onclick: () => act(ctx, entry.text),
  }, content.length ? content : fill(ctx, entry.label));
}

/** Redraw, keeping the keyboard focus on the element with the same data-key. */
function draw(ctx) {
  const focused = document.activeElement;
  const focusKey = focused && ctx.container.contains(focused) ? focused.getAttribute('data-key') : null;
  ctx.container.replaceChildren(board(ctx));
  if (focusKey) {
    const again = ctx.container.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    if (again) again.focus();
  }
}

// ---------------------------------------------------------------------------
// The board

function board(ctx) {
  const { frame } = ctx;
  const root = el('div', { class: `sg-board sg-${frame.game}${frame.viewer === null ? ' sg-watching' : ''}` });
  root.append(header(ctx));
  if (frame.menu) root.append(menuStrip(ctx));
  root.append(decisionArea(ctx));
  if (frame.final) root.append(finalArea(ctx));
  if (frame.hand !== null && frame.hand !== undefined && !frame.over) root.append(handArea(ctx));
  root.append(playersArea(ctx));
  if (frame.log && frame.log.length) root.append(logArea(ctx));
  if (frame.results && frame.results.length) root.append(resultsArea(ctx));
  return root;
}

function header(ctx) {
  const { frame } = ctx;
  const bits = [`Round ${frame.round} of ${frame.rounds}`];
  if (!frame.over) {
    bits.push(frame.game === 'sushi-roll' ? `cycle ${frame.turn} of ${frame.turns}` : `turn ${frame.turn} of ${frame.turns}`);
    if (frame.passing === 'swap') bits.push('hands swap after every turn');
    else if (frame.game === 'sushi-roll') bits.push(`${nameOf(ctx, frame.red)} has the red belt; belts slide left`);
    else if (frame.passing) bits.push(`hands pass ${frame.passing}`);
  }
  const extra = [];
  if (frame.supply) {
    const s = frame.supply;
    extra.push(el('p', { class: 'sg-note' }, `Supply: ${s.menu} menu and ${s.chopsticks} chopsticks tokens, ${s.pudding} puddings.`));
  }
  if (frame.uramaki) {
    extra.push(el('p', { class: 'sg-note' }, `Uramaki places taken this round: ${frame.uramaki.claimed}; the next is worth ${frame.uramaki.next}.`));
  }
  if (frame.dummy && frame.dummy.controller !== null && !frame.over) {
    extra.push(el('p', { class: 'sg-note' }, `${nameOf(ctx, frame.dummy.controller)} controls the dummy this turn.`));
  }
  return el('header', { class: 'sg-head' },
    el('p', { class: 'sg-title' }, el('strong', {}, frame.title), frame.menu ? ` — ${menuName(ctx)}` : ''),
    el('p', { class: 'sg-progress' }, frame.over ? `Game over after ${frame.rounds} rounds` : bits.join(' · ')),
    extra);
}

/** The menu's name: a suggested menu's, or "Random menu" / "Custom menu" by its key. */
function menuName(ctx) {
  const sent = ctx.frame.menu || {};
  const known = (ctx.catalog && ctx.catalog.menu) || {};
  const key = sent.key || known.key;
  if (key === 'random') return 'Random menu';
  if (key === 'custom') return 'Custom menu';
  return sent.name || known.name || 'Menu';
}

/** Sushi Go Party!'s menu: a panel of the table's kinds in the menu's order (nigiri,
 * roll, appetizers, specials, dessert), each a card with its category and rule (open
 * on a wide screen, a line of icons to open on a phone; it stays as the viewer leaves it). */
function menuStrip(ctx) {
  const { ui } = ctx;
  const kinds = menuKinds(ctx);
  if (ui.menuOpen === undefined) ui.menuOpen = Boolean(window.matchMedia && window.matchMedia('(min-width: 48rem)').matches);
  const ruled = kinds.some((k) => k.rule);
  const item = (k, i) => el('li', { class: `sg-menu-item${i && kinds[i - 1].category !== k.category ? ' sg-menu-next' : ''}` },
    chip(ctx, { id: k.kind, label: k.name, colour: k.colour, key: `menu:${k.kind}`, rule: `kind:${k.kind}` }),
    el('div', { class: 'sg-menu-text' },
      k.category ? el('span', { class: 'sg-menu-cat' }, k.category) : null,
      k.rule ? el('p', { class: 'sg-menu-rule' }, k.rule) : null));
  const panel = el('details', { class: `sg-menu-panel${ruled ? ' sg-ruled' : ''}`, open: ui.menuOpen, ontoggle: (ev) => { ui.menuOpen = ev.currentTarget.open; } },
    el('summary', {},
      el('span', { class: 'sg-label' }, 'Menu:'), ' ', el('strong', { class: 'sg-menu-name' }, menuName(ctx)),
      el('span', { class: 'sg-menu-icons', 'aria-hidden': 'true' }, kinds.map((k) => icon(iconOf(k.kind))))),
    el('ul', { class: 'sg-menu-list' }, kinds.map(item)));
  return el('section', { class: 'sg-menu', 'aria-label': 'Menu' }, panel);
}

function decisionArea(ctx) {
  const { frame, ui } = ctx;
  let text;
  let mine = false;
  const viewer = frame.viewer;
  const chose = frame.decision && (ui.sent || ctx.chosen || !frame.legal || ctx.decided.includes(viewer));
  if (chose) {
    // One line: what the viewer chose, and who is still choosing.
    const others = stillDeciding(ctx).filter((s) => s !== viewer);
    text = `${chosenSentence(ctx)}${others.length ? `; waiting for ${listText(others.map((s) => nameOf(ctx, s)))}` : ''}.`;
  } else if (frame.decision) {
    mine = true;
    text = fill(ctx, frame.decision.prompt);
  } else if (frame.over && frame.final) {
    text = `Game over. ${fill(ctx, frame.final.text)}`;
  } else if (frame.pending) {
    text = fill(ctx, frame.pending.text);
  } else if (frame.to_act && frame.to_act.length) {
    const left = stillDeciding(ctx);
    text = left.length ? `Waiting for ${listText(left.map((s) => nameOf(ctx, s)))}.` : 'Everyone has chosen.';
  } else {
    text = 'Dealing…';
  }
  const kids = [el('p', { class: 'sg-prompt' }, text)];
  if (frame.pending && frame.decision) kids.push(el('p', { class: 'sg-note' }, fill(ctx, frame.pending.text)));
  return el('section', { id: 'decision', class: `sg-decision${mine ? ' sg-yours' : ''}${chose ? ' sg-chosen' : ''}`, 'aria-live': 'polite' }, kids);
}

// ---------------------------------------------------------------------------
// The viewer's hand (a belt in Sushi Roll) and the choices

function handArea(ctx) {
  const { frame, ui } = ctx;
  const legal = frame.legal || [];
  const roll = frame.game === 'sushi-roll';
  const title = roll ? 'Your belt' : 'Your hand';
  const hand = el('div', { id: 'hand', class: 'sg-hand', role: 'group', 'aria-label': title });
  const modes = modeGroups(legal);
  const usesHand = legal.some((e) => e.card); // else the decision is about other cards
  if (ui.mode === 'menu') {
    // Sushi Roll's re-roll: every die toggles.
    frame.hand.forEach((face, i) => {
      const on = ui.picks.includes(i);
      const spec = cardSpec(ctx, { id: face, size: 'hand' });
      hand.append(withInfo(ctx, el('button', {
        type: 'button', class: `${cardClass(spec)} sg-pick${on ? ' sg-on' : ''}`,
        'aria-pressed': on ? 'true' : 'false', 'data-key': `die:${i}`,
        'aria-label': `${info(ctx, face).short}: ${on ? 'will be re-rolled' : 'stays'}`,
        onclick: () => { ui.picks = on ? ui.picks.filter((j) => j !== i) : [...ui.picks, i]; draw(ctx); },
      }, cardParts(spec)), face));
    });
  } else if (pairMode(ctx)) {
    for (const [card, count] of counted(frame.hand)) hand.append(withInfo(ctx, pairCard(ctx, card, count), card, count));
  } else {
    const e = chosenEntry(ctx);
    const picked = new Set(e ? [...(e.cards || []), ...(e.faces || []), e.card, e.text].filter(Boolean) : []);
    for (const [card, count] of counted(frame.hand)) {
      if (usesHand) {
        const b = handCard(ctx, card, count, legal, modes);
        if (picked.has(card)) markChosen(b);
        hand.append(withInfo(ctx, b, card, count));
      } else {
        const c = chip(ctx, { id: card, count, inHand: true, size: 'hand' });
        hand.append(picked.has(card) ? markChosen(c) : c);
      }
    }
    if (!frame.hand.length) hand.append(el('span', { class: 'sg-none' }, 'empty'));
  }
  const kids = [el('h3', { class: 'sg-h' }, title), hand];
  if (legal.length) kids.push(choicesArea(ctx, legal, modes));
  const area = el('section', { class: 'sg-yours-area' }, kids);
  // Every choice stays one list away, whatever the hand and modes show.
  const shown = new Set([...area.querySelectorAll('.act')].map((b) => b.getAttribute('data-action')));
  const rest = legal.filter((e) => !shown.has(e.text));
  if (rest.length) {
    area.append(el('details', { class: 'sg-group sg-all' },
      el('summary', {}, `${shown.size ? 'Every other choice' : 'Every choice'} (${rest.length})`),
      el('div', { class: 'sg-acts' }, rest.map((e) => actButton(ctx, e, {}, choiceBody(ctx, e))))));
  }
  return area;
}

/** A card of the hand the viewer has chosen: outlined, with a "chosen" tag. */
function markChosen(node) {
  node.classList.add('sg-chosen');
  node.setAttribute('data-chosen', 'true');
  node.append(el('span', { class: 'sg-chosen-tag' }, '✓ chosen'));
  const label = node.getAttribute('aria-label');
  if (label) node.setAttribute('aria-label', `${label} (chosen)`);
  return node;
}

/** Groups of actions that start from a card of the hand which clicking already plays
 * (chopsticks pairs, bonus calls, dice swaps): each is a mode the viewer turns on. */
function modeGroups(legal) {
  const direct = new Set(legal.filter((e) => e.direct && e.card).map((e) => e.card));
  const groups = [];
  for (const e of legal) {
    if (!e.direct && e.card && direct.has(e.card) && !groups.includes(e.group)) groups.push(e.group);
  }
  return groups;
}

function handCard(ctx, card, count, legal, modes) {
  const { ui } = ctx;
  const data = info(ctx, card);
  const label = data.short + (count > 1 ? ` (${count} in hand)` : '');
  const pool = ui.mode ? legal.filter((e) => e.group === ui.mode) : legal;
  const direct = ui.mode ? null : legal.find((e) => e.direct && e.card === card);
  const options = pool.filter((e) => e.card === card);
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  const body = cardParts(spec);
  const cls = `${cardClass(spec)} sg-pick${ui.selected === card ? ' sg-on' : ''}`;
  if (direct) return actButton(ctx, direct, { class: cls }, body);
  if (!options.length || !ctx.onAct) {
    return el('button', { type: 'button', class: cls, disabled: true, 'aria-label': label }, body);
  }
  if (options.length === 1) return actButton(ctx, options[0], { class: cls }, body);
  return el('button', {
    type: 'button', class: cls, 'data-key': `card:${card}`, 'aria-expanded': ui.selected === card ? 'true' : 'false',
    'aria-label': `${label}: ${options.length} choices`,
    onclick: () => { ui.selected = ui.selected === card ? null : card; draw(ctx); },
  }, body);
}

function choicesArea(ctx, legal, modes) {
  const { frame, ui } = ctx;
  const box = el('div', { id: 'options', class: 'sg-options' });
  const sent = ui.sent || !ctx.onAct;
  // Modes: chopsticks pairs, calls, swaps, re-rolls.
  const toggles = [...modes];
  if (legal.some((e) => e.kind === 'menu')) toggles.push('menu');
  if (toggles.length) {
    box.append(el('div', { class: 'sg-modes', role: 'group', 'aria-label': 'Ways to play' },
      toggles.map((m) => {
        const on = ui.mode === m;
        const title = m === 'menu' ? 'Re-roll dice (menu token)' : fill(ctx, m);
        return el('button', {
          type: 'button', class: `sg-mode${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
          'data-key': `mode:${m}`, disabled: sent,
          onclick: () => { ui.mode = on ? null : m; ui.selected = null; ui.picks = []; draw(ctx); },
        }, title);
      })));
    if (pairMode(ctx)) {
      box.append(pairBuilder(ctx));
    } else if (ui.mode && ui.mode !== 'menu') {
      box.append(el('p', { class: 'sg-note' }, `${fill(ctx, ui.mode)}: choose a card of your ${frame.game === 'sushi-roll' ? 'belt' : 'hand'}.`));
    }
  }
  if (ui.mode === 'menu') box.append(rerollBuilder(ctx, legal));
  if (frame.decision && frame.decision.kind === 'flip') box.append(flipBuilder(ctx, legal));
  // The rest as labelled lists: the selected card's choices, then those with no card.
  let shown = [];
  if (ui.selected) {
    const pool = ui.mode ? legal.filter((e) => e.group === ui.mode) : legal;
    shown = pool.filter((e) => e.card === ui.selected && !(e.direct && !ui.mode));
  }
  const free = legal.filter((e) => !e.card && e.kind !== 'menu' && e.kind !== 'flip');
  const lists = groupBy([...shown, ...free]);
  const total = shown.length + free.length;
  for (const [group, entries] of lists) {
    const open = total <= 24 || entries.length <= 8 || shown.includes(entries[0]);
    box.append(el('details', { class: 'sg-group', open },
      el('summary', {}, `${fill(ctx, group)} (${entries.length})`),
      el('div', { class: 'sg-acts' }, entries.map((e) => actButton(ctx, e, {}, choiceBody(ctx, e))))));
  }
  if (!lists.size && !ui.mode && legal.some((e) => !e.direct && e.card) && !modes.length) {
    box.append(el('p', { class: 'sg-note' }, 'Choose a card to see what you may do with it.'));
  }
  return box;
}

// ---------------------------------------------------------------------------
// Sushi Go!'s chopsticks: a pair built by two clicks

/** The mode on is Sushi Go!'s chopsticks: every action of its group is two cards of
 * the hand (no dummy card). */
function pairMode(ctx) {
  const { frame, ui } = ctx;
  if (frame.game !== 'sushi-go' || !ui.mode || ui.mode === 'menu') return false;
  const pool = pairEntries(ctx);
  return pool.length > 0 && pool.every((e) => e.kind === 'pick' && Array.isArray(e.cards) && e.cards.length === 2 && !e.dummy);
}

function pairEntries(ctx) {
  return (ctx.frame.legal || []).filter((e) => e.group === ctx.ui.mode);
}

/** The legal action for `a` then `b`: that order, else the other one (the engine offers
 * a single order where the order makes no difference). */
function pairFor(entries, a, b) {
  return entries.find((e) => e.cards[0] === a && e.cards[1] === b)
    || entries.find((e) => e.cards[0] === b && e.cards[1] === a) || null;
}

function pairCard(ctx, card, count) {
  const { ui } = ctx;
  const entries = pairEntries(ctx);
  const data = info(ctx, card);
  const picks = ui.picks;
  const chosen = picks.map((c, i) => (c === card ? i : -1)).filter((i) => i >= 0);
  let usable;
  if (ui.sent || !ctx.onAct || picks.length >= 2) usable = false;
  else if (!picks.length) usable = entries.some((e) => e.cards.includes(card));
  else usable = Boolean(pairFor(entries, picks[0], card)) && (card !== picks[0] || count >= 2);
  const order = chosen.map((i) => (i ? '2nd' : '1st'));
  let label = data.short + (count > 1 ? ` (${count} in hand)` : '');
  if (order.length) label += `: chosen ${order.join(' and ')}`;
  else if (!usable) label += picks.length === 1 ? ': no pair with the first card' : ': not in any pair';
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  return el('button', {
    type: 'button',
    class: `${cardClass(spec)} sg-pick sg-pair-card${chosen.length ? ' sg-on' : ''}`,
    'data-card': card, 'data-key': `pair:${card}`, 'aria-pressed': chosen.length ? 'true' : 'false',
    'aria-label': label, disabled: !usable,
    onclick: () => {
      ui.picks = [...ui.picks, card];
      draw(ctx);
      pairFocus(ctx);
    },
  }, cardParts(spec), order.map((o) => el('span', { class: 'sg-order', 'aria-hidden': 'true' }, o)));
}

/** After a click: keep the focus where it was if that is still usable, else on the
 * next thing to do (a card that may come second, or the confirm button). */
function pairFocus(ctx) {
  const box = ctx.container;
  const focused = document.activeElement;
  if (ctx.ui.picks.length >= 2) {
    const confirm = box.querySelector('#pair-confirm:not([disabled])');
    if (confirm) confirm.focus();
    return;
  }
  if (focused && box.contains(focused) && !focused.disabled) return;
  const next = box.querySelector('#hand .sg-pair-card:not([disabled])') || box.querySelector('[data-key^="mode:"]');
  if (next) next.focus();
}

function cancelPair(ctx) {
  ctx.ui.picks = [];
  draw(ctx);
  pairFocus(ctx);
}

function pairBuilder(ctx) {
  const { ui } = ctx;
  const entries = pairEntries(ctx);
  const names = ui.picks.map((c) => info(ctx, c).short);
  const match = ui.picks.length === 2 ? pairFor(entries, ui.picks[0], ui.picks[1]) : null;
  let status;
  if (!names.length) status = 'Chopsticks: choose the first card.';
  else if (names.length === 1) status = `First: ${names[0]}. Now choose the card to take after it.`;
  else {
    status = `Your pair: ${names[0]} then ${names[1]}.`;
    if (match && match.cards[0] !== ui.picks[0]) {
      status += ` The order makes no difference here: it is played as ${match.cards.map((c) => info(ctx, c).short).join(' then ')}.`;
    }
  }
  const off = ui.sent || !ctx.onAct;
  const confirm = match
    ? actButton(ctx, match, { class: 'sg-choice sg-confirm primary' }, 'Confirm the pair')
    : el('button', { type: 'button', class: 'sg-choice sg-confirm', disabled: true }, 'Confirm (choose two cards)');
  confirm.id = 'pair-confirm';
  confirm.setAttribute('data-key', 'pair:confirm');
  confirm.removeAttribute('aria-label'); // its name is what it shows; the status says the pair
  confirm.setAttribute('aria-describedby', 'pair-status');
  return el('div', { class: 'sg-builder sg-pair' },
    el('p', { id: 'pair-status', class: 'sg-pair-status', role: 'status', 'aria-live': 'polite' }, status),
    el('div', { class: 'sg-acts' },
      confirm,
      el('button', {
        type: 'button', id: 'pair-cancel', class: 'sg-choice', 'data-key': 'pair:cancel',
        disabled: off || !ui.picks.length, onclick: () => cancelPair(ctx),
      }, 'Cancel')),
    el('p', { class: 'sg-note' }, 'Escape cancels the cards chosen; again, it stops using chopsticks.'));
}

/** Escape while building a pair: forget the cards chosen, then leave the mode. */
function onKey(ui, ev) {
  const ctx = ui.ctx;
  if (ev.key !== 'Escape' || !ctx || ui.sent || !pairMode(ctx)) return;
  ev.preventDefault();
  if (ui.picks.length) {
    cancelPair(ctx);
    return;
  }
  const mode = ui.mode;
  ui.mode = null;
  draw(ctx);
  const button = ctx.container.querySelector(`[data-key="${CSS.escape(`mode:${mode}`)}"]`);
  if (button) button.focus();
}

function groupBy(entries) {
  const out = new Map();
  for (const e of entries) {
    if (!out.has(e.group)) out.set(e.group, []);
    out.get(e.group).push(e);
  }
  return out;
}

function choiceBody(ctx, e) {
  const first = (e.cards && e.cards[0]) || (e.faces && e.faces[0]);
  const data = first ? info(ctx, first) : null;
  return [data && data.colour !== 'plain' ? el('span', { class: `sg-swatch sg-swatch-icon c-${data.colour}`, 'aria-hidden': 'true' }, icon(iconOf(first, data.family))) : null, fill(ctx, e.label)];
}

/** Multisets as keys: the same cards in any order are the same choice. */
function keyOf(items) {
  return [...items].sort().join(',');
}

function rerollBuilder(ctx, legal) {
  const { frame, ui } = ctx;
  const faces = ui.picks.map((i) => frame.hand[i]);
  const match = faces.length ? legal.find((e) => e.kind === 'menu' && keyOf(e.faces) === keyOf(faces)) : null;
  const wrap = el('div', { class: 'sg-builder' },
    el('p', { class: 'sg-note' }, 'Choose the dice to re-roll, then confirm.'));
  if (match) wrap.append(actButton(ctx, match, { class: 'sg-choice sg-confirm' }));
  else wrap.append(el('button', { type: 'button', class: 'sg-choice sg-confirm', disabled: true }, 'Re-roll (choose dice first)'));
  return wrap;
}

function flipBuilder(ctx, legal) {
  const { frame, ui } = ctx;
  const tokens = [];
  for (const f of frame.decision.flippable || []) for (let i = 0; i < f.count; i++) tokens.push(f);
  const chosen = ui.picks.map((i) => tokens[i].token);
  const match = legal.find((e) => e.kind === 'flip' && keyOf(e.cards) === keyOf(chosen));
  const toggles = tokens.map((f, i) => {
    const on = ui.picks.includes(i);
    const spec = cardSpec(ctx, { id: f.token.split(/[=/:]/)[0], label: f.label, size: 'hand' });
    return el('button', {
      type: 'button', class: `${cardClass(spec)} sg-pick${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false', 'data-rule': ruleIds(spec),
      'data-key': `flip:${i}`, 'aria-label': `${f.label}: ${on ? 'flip face-down' : 'keep face-up'}`,
      disabled: ui.sent || !ctx.onAct,
      onclick: () => { ui.picks = on ? ui.picks.filter((j) => j !== i) : [...ui.picks, i]; draw(ctx); },
    }, cardParts(spec));
  });
  return el('div', { class: 'sg-builder' },
    el('p', { class: 'sg-note' }, 'Choose the cards to flip face-down, then confirm.'),
    el('div', { class: 'sg-hand', role: 'group', 'aria-label': 'Cards you may flip' }, toggles),
    match ? actButton(ctx, match, { class: 'sg-choice sg-confirm' }) : null);
}

// ---------------------------------------------------------------------------
// The players

function playersArea(ctx) {
  const { frame } = ctx;
  const order = frame.players.map((p) => p.seat);
  if (frame.viewer !== null && frame.viewer !== undefined) {
    // The viewer first, then to the left.
    order.sort((a, b) => ((a - frame.viewer + frame.seats) % frame.seats) - ((b - frame.viewer + frame.seats) % frame.seats));
  }
  return el('section', { class: 'sg-players', 'aria-label': 'Players' }, order.map((s) => player(ctx, frame.players[s])));
}

function previous(ctx, seat) {
  const before = ctx.ui.before;
  if (!before || before.round !== ctx.frame.round || before.game !== ctx.frame.game || !before.players[seat]) return null;
  const out = new Map();
  for (const col of before.players[seat].tableau) for (const item of col.items) out.set(item.label, item.count);
  return out;
}

function player(ctx, p) {
  const { frame } = ctx;
  const you = p.seat === frame.viewer;
  const tags = [];
  if (you) tags.push(el('span', { class: 'sg-tag' }, 'you'));
  if (p.dummy) tags.push(el('span', { class: 'sg-tag' }, 'dummy'));
  if (p.controller) tags.push(el('span', { class: 'sg-tag' }, 'controls the dummy'));
  if (p.red) tags.push(el('span', { class: 'sg-tag sg-red' }, 'red belt'));
  const chose = p.acting && ctx.decided.includes(p.seat);
  if (chose) tags.push(el('span', { class: 'sg-tag sg-chose' }, '✓ chosen'));
  else if (p.acting) tags.push(el('span', { class: 'sg-tag sg-now' }, frame.pending && frame.pending.seat === p.seat ? 'deciding' : 'to play'));
  else if (p.done && !frame.over) tags.push(el('span', { class: 'sg-tag' }, 'done'));
  if (frame.final && frame.final.winners.includes(p.seat)) tags.push(el('span', { class: 'sg-tag sg-win' }, 'winner'));

  const stats = [`Score ${p.score}`];
  if (!frame.over) stats.push(`this round ${p.now >= 0 ? '+' : ''}${p.now}`);
  if (!frame.over && !p.dummy && frame.game !== 'sushi-roll') stats.push(`${p.hand_size} in hand`);
  for (const [k, v] of Object.entries(p.counts || {})) stats.push(`${COUNT_NAMES[k] || k} ${v}`);
  if (p.uramaki_scored) stats.push(`uramaki scored ${p.uramaki_scored}`);
  if (p.tokens) stats.push(`menu ${p.tokens.menu}`, `chopsticks ${p.tokens.chopsticks}`, `pudding ${p.tokens.pudding}`);

  const before = previous(ctx, p.seat);
  const kids = [
    el('header', { class: 'sg-player-head' }, el('span', { class: 'sg-name' }, nameOf(ctx, p.seat)), tags),
    el('p', { class: 'sg-stats' }, stats.join(' · ')),
  ];
  if (p.belt) {
    kids.push(el('div', { class: 'sg-row' }, el('span', { class: 'sg-label' }, 'Belt'),
      p.belt.length ? [...counted(p.belt)].map(([f, k]) => chip(ctx, { id: f, count: k, key: `belt:${p.seat}:${f}` })) : el('span', { class: 'sg-none' }, 'empty')));
  }
  const columns = p.tableau.map((col) => el('div', { class: 'sg-col' }, col.items.map((item) => {
    const grew = before && item.count > (before.get(item.label) || 0);
    return itemChip(ctx, item, grew ? 'sg-new' : '', `played:${p.seat}:${item.label}`);
  })));
  if (!frame.over) {
    kids.push(el('div', { class: 'sg-row' }, el('span', { class: 'sg-label' }, frame.game === 'sushi-roll' ? 'Tray' : 'Played'),
      columns.length ? el('div', { class: 'sg-tableau' }, columns) : el('span', { class: 'sg-none' }, 'nothing yet')));
  }
  if (p.desserts && p.desserts.length) {
    kids.push(el('div', { class: 'sg-row' }, el('span', { class: 'sg-label' }, 'Kept'),
      p.desserts.map((item) => itemChip(ctx, item, '', `kept:${p.seat}:${item.label}`))));
  }
  if (p.hand && p.hand.length && !you) {
    kids.push(el('div', { class: 'sg-row sg-known' },
      el('span', { class: 'sg-label' }, frame.viewer === null ? 'Hand' : 'Holds (seen)'),
      [...counted(p.hand)].map(([c, k]) => chip(ctx, { id: c, count: k, key: `seen:${p.seat}:${c}` }))));
  }
  if (frame.pending && frame.pending.drawn && frame.pending.seat === p.seat) {
    kids.push(el('div', { class: 'sg-row sg-known' }, el('span', { class: 'sg-label' }, 'Drew'),
      frame.pending.drawn.map((c) => chip(ctx, { id: c }))));
  }
  return el('article', {
    class: `sg-player${p.acting && !chose ? ' sg-acting' : ''}${chose ? ' sg-has-chosen' : ''}${you ? ' sg-me' : ''}`, 'data-seat': p.seat,
    'aria-label': `${nameOf(ctx, p.seat)}${chose ? ', has chosen' : (p.acting ? ', deciding now' : '')}`,
  }, kids);
}

const COUNT_NAMES = { maki: 'maki icons', uramaki: 'uramaki icons', temaki: 'temaki' };

// ---------------------------------------------------------------------------
// The log, the rounds and the end

function logArea(ctx) {
  // The latest turn first; within a turn, what happened in order.
  const turns = new Map();
  for (const e of ctx.frame.log) {
    if (!turns.has(e.turn)) turns.set(e.turn, []);
    turns.get(e.turn).push(e);
  }
  const line = (e) => {
    if (e.what !== 'reveal') return el('li', {}, fill(ctx, e.text));
    return el('li', { class: 'sg-reveal' }, 'Everyone revealed:',
      el('ul', {}, e.picks.map((p) => el('li', {}, el('span', { class: 'sg-name' }, nameOf(ctx, p.seat)), ': ', p.label))));
  };
  return el('section', { class: 'sg-log', 'aria-label': 'This round so far' },
    el('h3', { class: 'sg-h' }, 'This round so far'),
    el('div', { class: 'sg-log-body' }, [...turns].reverse().map(([turn, entries]) => el('div', { class: 'sg-turn' },
      el('h4', { class: 'sg-h4' }, `Turn ${turn}`), el('ul', {}, entries.map(line))))));
}

function scoreTable(ctx, caption, headers, rows, winners = []) {
  return el('div', { class: 'sg-table-wrap' }, el('table', { class: 'sg-table' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((h, i) => el('th', { scope: 'col', class: i ? 'sg-num' : '' }, h)))),
    el('tbody', {}, rows.map((row) => el('tr', { class: winners.includes(row.seat) ? 'sg-win' : '' },
      el('th', { scope: 'row' }, nameOf(ctx, row.seat)),
      row.cells.map((c) => el('td', { class: 'sg-num' }, c)))))));
}

function resultsArea(ctx) {
  const { frame } = ctx;
  const seats = frame.players.map((p) => p.seat);
  return el('section', { class: 'sg-results', 'aria-label': 'Rounds' },
    [...frame.results].reverse().map((r) => {
      const cols = r.columns.filter(([k]) => r.breakdown.some((b) => b[k]));
      const headers = ['Player', ...cols.map(([, t]) => t)];
      if (r.kept) headers.push(r.kept_label);
      headers.push('Round', 'Total');
      const rows = seats.map((s) => ({
        seat: s,
        cells: [...cols.map(([k]) => r.breakdown[s][k]), ...(r.kept ? [r.kept[s]] : []), r.scores[s], r.totals[s]],
      }));
      const played = el('details', { class: 'sg-group' }, el('summary', {}, 'What everyone had'),
        seats.map((s) => el('div', { class: 'sg-row' }, el('span', { class: 'sg-label' }, nameOf(ctx, s)),
          r.tableaux[s].flatMap((col) => col.items).map((item) => itemChip(ctx, item)))));
      return el('section', { class: 'round-result', 'data-round': r.round },
        scoreTable(ctx, `Round ${r.round}`, headers, rows), played);
    }));
}

function finalArea(ctx) {
  const { frame } = ctx;
  const f = frame.final;
  const headers = ['Player', ...f.rounds.map((_, i) => `Round ${i + 1}`), f.kept_label, 'Dessert points'];
  if (f.token_scores) headers.push('Tokens left', 'Token points');
  headers.push('Total');
  const rows = frame.players.map((p) => {
    const s = p.seat;
    const cells = [...f.rounds.map((r) => r[s]), f.kept[s], f.dessert_scores[s]];
    if (f.token_scores) cells.push(f.tokens_left[s], f.token_scores[s]);
    cells.push(f.scores[s]);
    return { seat: s, cells };
  });
  return el('section', { id: 'final', class: 'sg-final', 'data-winners': f.winners.join(',') },
    el('p', { class: 'sg-winner' }, fill(ctx, f.text)),
    scoreTable(ctx, 'Final scores', headers, rows, f.winners));
}
