/**
 * The viewer's hand (Sushi Roll: belt) and the moves built on it by clicking.
 *
 *   handArea(ctx)          #hand, the ways to play, the move being built, the lists
 *   swapTarget(ctx, ...)   another player's die while a Roll swap is being built
 *   callingItem(ctx, item) the bonus card in the viewer's tableau a Party call uses
 *   builderKey(ctx, ev)    Escape: forget the cards chosen, then leave the move
 *
 * A card that is one action is that action's button (`button.act[data-action]`). A
 * move of several parts is built: the viewer turns on a way to play (`.sg-mode`,
 * aria-pressed), chooses cards or dice (`button.sg-pair-card[data-card]`, aria-pressed;
 * only those that can still make a legal move are enabled), reads the move in
 * #pair-status, and confirms (#pair-confirm, the legal entry's `.act`) or cancels
 * (#pair-cancel). The ways:
 *
 *   Sushi Go! chopsticks   two cards of the hand, in the order clicked
 *   Party call             "Call Spoon (5)": the card played with it (a special order:
 *                          and what it copies), the bonus card called at the reveal
 *   Roll re-roll           "Re-roll dice": any dice of the belt (a menu token)
 *   Roll swap              "Swap dice": a die of the belt and one on another player's
 *                          belt, drawn in that player's place (a chopsticks token)
 *
 * A takeout box's flip is chosen by toggling cards too. Actions with no card (a spoon's
 * request, a special order's copy, a menu's order) are lists of labelled buttons.
 */

import { cardClass, cardParts, icon, iconOf } from './cards.js';
import {
  actButton, addGain, cardSpec, chip, chosenEntry, counted, el, fill, info, keyOf, listText, motion, nameOf, withInfo,
} from './board-kit.js';

/** @typedef {import('./types.js').LegalEntry} LegalEntry */
/** @typedef {import('./board-kit.js').Ctx} Ctx */

const FLASH_MS = 1400;
const ARRIVE_MS = 450;

// ---------------------------------------------------------------------------
// The ways to play a frame offers

/**
 * The moves of `legal` built by clicking, each {id, kind, label, note, entries}:
 * kind `pair` (Sushi Go! chopsticks), `call` (Party), `menu` and `swap` (Roll), or
 * `list` (any other group of actions that start from a card clicking already plays:
 * the card's choices open as a list).
 * @param {Ctx} ctx @param {LegalEntry[]} legal
 */
function waysOf(ctx, legal) {
  const { frame } = ctx;
  const out = [];
  const decision = frame.decision || {};
  const menu = legal.filter((e) => e.kind === 'menu');
  if (menu.length) {
    out.push({ id: 'menu', kind: 'menu', label: 'Re-roll dice', note: tokensLeft(decision.menus, 'menu'), entries: menu });
  }
  const swap = legal.filter((e) => e.kind === 'chopsticks');
  if (swap.length) {
    out.push({ id: 'swap', kind: 'swap', label: 'Swap dice', note: tokensLeft(decision.chopsticks, 'chopsticks'), entries: swap });
  }
  const calls = new Map();
  for (const e of legal) {
    if (!e.call) continue;
    if (!calls.has(e.call)) calls.set(e.call, []);
    calls.get(e.call).push(e);
  }
  for (const [call, entries] of calls) {
    const name = callName(ctx, entries[0]);
    out.push({ id: `call:${call}`, kind: 'call', call, name, label: `Call ${name}`, note: null, entries });
  }
  const direct = new Set(legal.filter((e) => e.direct && e.card).map((e) => e.card));
  const groups = new Map();
  for (const e of legal) {
    if (e.direct || !e.card || !direct.has(e.card) || e.call || e.kind === 'menu' || e.kind === 'chopsticks') continue;
    if (!groups.has(e.group)) groups.set(e.group, []);
    groups.get(e.group).push(e);
  }
  for (const [group, entries] of groups) {
    const pair = frame.game === 'sushi-go'
      && entries.every((e) => e.kind === 'pick' && Array.isArray(e.cards) && e.cards.length === 2 && !e.dummy);
    out.push({ id: group, kind: pair ? 'pair' : 'list', label: fill(ctx, group), note: null, entries });
  }
  return out;
}

function tokensLeft(n, what) {
  return Number.isFinite(n) ? `${what} token, ${n} left` : `${what} token`;
}

/** "Spoon (5)", "Special order (as Chopsticks (2))": the bonus card a call names. */
function callName(ctx, entry) {
  const group = fill(ctx, entry.group || '');
  if (/^Calling\s+/.test(group)) return group.replace(/^Calling\s+/, '');
  const bonus = String(entry.call).split('=').pop();
  return info(ctx, bonus).short;
}

function currentWay(ctx, ways) {
  return ways.find((w) => w.id === ctx.ui.mode) || null;
}

// ---------------------------------------------------------------------------
// The hand

/** @param {Ctx} ctx */
export function handArea(ctx) {
  const { frame, ui } = ctx;
  const legal = frame.legal || [];
  const roll = frame.game === 'sushi-roll';
  const title = roll ? 'Your belt' : 'Your hand';
  const ways = waysOf(ctx, legal);
  if (ui.mode && !currentWay(ctx, ways)) ui.mode = null;
  const way = currentWay(ctx, ways);
  ctx.way = way;
  const hand = el('div', { id: 'hand', class: 'sg-hand', role: 'group', 'aria-label': title });
  if (roll) fillBelt(ctx, hand, legal, way);
  else fillHand(ctx, hand, legal, way, ways);
  if (!frame.hand.length) hand.append(el('span', { class: 'sg-none' }, 'empty'));
  arrive(ctx, hand);

  const kids = [el('h3', { class: 'sg-h' }, title)];
  if (ways.length) kids.push(waysBar(ctx, ways));
  kids.push(hand);
  const box = el('div', { id: 'options', class: 'sg-options' });
  if (way) box.append(builder(ctx, way));
  if (frame.decision && frame.decision.kind === 'flip') box.append(flipBuilder(ctx, legal));
  box.append(...lists(ctx, legal, ways));
  if (box.childNodes.length) kids.push(box);
  const area = el('section', { class: `sg-yours-area${way ? ` sg-building sg-building-${way.kind}` : ''}` }, kids);
  // Whatever the hand and the ways cannot reach stays one list away (none should).
  const rest = unreachable(ctx, legal, ways);
  if (rest.length) {
    area.append(el('details', { class: 'sg-group sg-all' },
      el('summary', {}, `Every other choice (${rest.length})`),
      el('div', { class: 'sg-acts' }, rest.map((e) => actButton(ctx, e, {}, choiceBody(ctx, e))))));
  }
  return area;
}

/** A new hand (a hand passed on, a belt slid along) comes in from the side it came. */
function arrive(ctx, hand) {
  const { ui, frame } = ctx;
  if (!ui.handAt) return;
  hand.classList.add(frame.passing === 'right' ? 'sg-from-left' : 'sg-from-right');
  motion(hand, 'sg-arrive', ui.handAt, ARRIVE_MS);
}

/** The ways to play as toggles: Party calls, Roll tokens, Sushi Go! chopsticks. */
function waysBar(ctx, ways) {
  const { ui } = ctx;
  const sent = ui.sent || !ctx.onAct;
  const party = ways.some((w) => w.kind === 'call');
  return el('div', { class: 'sg-modes', role: 'group', 'aria-label': party ? 'Call a bonus card' : 'Ways to play' },
    party ? el('span', { class: 'sg-label' }, 'At the reveal:') : null,
    ways.map((w) => {
      const on = ui.mode === w.id;
      const bonus = w.kind === 'call' ? String(w.call).split('=').pop() : w.kind === 'menu' ? 'menu' : 'chopsticks';
      const data = info(ctx, bonus);
      return el('button', {
        type: 'button', class: `sg-mode sg-mode-${w.kind}${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
        'data-key': `mode:${w.id}`, 'data-way': w.id, disabled: sent,
        onclick: () => {
          ui.mode = on ? null : w.id;
          clearPicks(ui);
          ctx.redraw();
          focusNext(ctx);
        },
      },
      el('span', { class: `sg-swatch sg-swatch-icon c-${data.colour || 'plain'}`, 'aria-hidden': 'true' }, icon(iconOf(bonus, data.family))),
      el('span', {}, w.label),
      w.note ? el('span', { class: 'sg-mode-note' }, ` · ${w.note}`) : null);
    }));
}

function clearPicks(ui) {
  ui.selected = null;
  ui.picks = [];
  ui.copy = null;
  ui.swap = { mine: null, seat: null, theirs: null };
}

/** Sushi Go! and Party: one button per kind of card, with its count. */
function fillHand(ctx, hand, legal, way, ways) {
  const { frame } = ctx;
  const usesHand = legal.some((e) => e.card); // else the decision is about other cards
  const e = chosenEntry(ctx);
  const picked = new Set(e ? [...(e.cards || []), e.card, e.text].filter(Boolean) : []);
  for (const [card, count] of counted(frame.hand)) {
    if (way && (way.kind === 'pair' || way.kind === 'call')) {
      hand.append(withInfo(ctx, addGain(ctx, pickCard(ctx, way, card, count), card), card, count));
    } else if (usesHand) {
      const b = addGain(ctx, handCard(ctx, card, count, legal, way, ways), card);
      b.setAttribute('data-card', card);
      if (picked.has(card)) markChosen(b, e);
      hand.append(withInfo(ctx, b, card, count));
    } else {
      const c = addGain(ctx, chip(ctx, { id: card, count, inHand: true, size: 'hand', attrs: { 'data-card': card } }), card);
      hand.append(picked.has(card) ? markChosen(c, e) : c);
    }
  }
}

/** Sushi Roll: one button per die, in the belt's order (players.js's beltOrder). */
function fillBelt(ctx, hand, legal, way) {
  const { frame, ui } = ctx;
  const view = beltView(ctx, frame.viewer, frame.hand);
  const e = chosenEntry(ctx);
  let marked = false;
  view.order.forEach((face, i) => {
    let node;
    if (way && (way.kind === 'menu' || way.kind === 'swap')) node = dieToggle(ctx, way, face, i);
    else {
      const take = legal.find((x) => x.direct && x.card === face);
      const spec = cardSpec(ctx, { id: face, size: 'hand' });
      const cls = `${cardClass(spec)} sg-pick`;
      node = take
        ? actButton(ctx, take, { class: cls, key: `die:${i}` }, cardParts(spec))
        : (legal.length
          ? el('button', { type: 'button', class: cls, disabled: true, 'aria-label': info(ctx, face).short, 'data-key': `die:${i}` }, cardParts(spec))
          : chip(ctx, { id: face, inHand: true, size: 'hand', key: `die:${i}` }));
      if (e && !marked && (e.card === face || e.text === face)) {
        markChosen(node, e);
        marked = true;
      }
    }
    node.setAttribute('data-die', String(i));
    node.setAttribute('data-card', face);
    changedDie(node, view.changed[i], ui.belts && ui.belts.at);
    hand.append(withInfo(ctx, addGain(ctx, node, face), face));
  });
}

/** A die whose face changed since the frame before: it flashes (a static mark when
 * motion is reduced), and says so. */
export function changedDie(node, changed, since) {
  if (!changed) return node;
  node.classList.add('sg-changed');
  motion(node, 'sg-flash', since, FLASH_MS);
  const label = node.getAttribute('aria-label');
  if (label) node.setAttribute('aria-label', `${label} (just rolled)`);
  return node;
}

/** The belt of `seat` in a stable order (board.js keeps it across frames: a die keeps its
 * place while the belt is the same, a re-rolled or swapped one takes the place freed). */
function beltView(ctx, seat, belt) {
  const kept = ctx.ui.belts && ctx.ui.belts.seats[seat];
  if (kept && keyOf(kept.order) === keyOf(belt || [])) return kept;
  return { order: [...(belt || [])], changed: (belt || []).map(() => false) };
}

/** A card of the hand the viewer has chosen: outlined, with a "chosen" tag ("not sent"
 * while it waits for the connection: only the server's ack makes it "chosen"). */
function markChosen(node, entry = null) {
  const waiting = entry && (entry.status === 'queued' || entry.status === 'sending');
  node.classList.add('sg-chosen');
  node.setAttribute('data-chosen', waiting ? entry.status : 'true');
  node.append(el('span', { class: 'sg-chosen-tag' }, waiting ? (entry.status === 'queued' ? 'unsent' : 'sending…') : '✓ chosen'));
  const label = node.getAttribute('aria-label');
  if (label) node.setAttribute('aria-label', `${label} (${waiting ? (entry.status === 'queued' ? 'chosen, not sent yet' : 'sending') : 'chosen'})`);
  return node;
}

/** The entries of `legal` that no way to play builds: what clicking cards and lists do. */
function plainEntries(legal, ways) {
  const built = new Set(ways.filter((w) => w.kind !== 'list').flatMap((w) => w.entries));
  return legal.filter((e) => !built.has(e));
}

function handCard(ctx, card, count, legal, way, ways) {
  const { ui } = ctx;
  const data = info(ctx, card);
  const label = data.short + (count > 1 ? ` (${count} in hand)` : '');
  const plain = plainEntries(legal, ways);
  const listed = new Set(ways.filter((w) => w.kind === 'list').flatMap((w) => w.entries));
  const pool = way ? way.entries : plain.filter((e) => !listed.has(e));
  const direct = way ? null : pool.find((e) => e.direct && e.card === card);
  const options = pool.filter((e) => e.card === card);
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  const body = cardParts(spec);
  const cls = `${cardClass(spec)} sg-pick${ui.selected === card ? ' sg-on' : ''}`;
  if (direct) return actButton(ctx, direct, { class: cls }, body);
  if (!options.length || !ctx.onAct) {
    return el('button', { type: 'button', class: cls, disabled: true, 'aria-label': label, 'data-card': card }, body);
  }
  if (options.length === 1) return actButton(ctx, options[0], { class: cls }, body);
  return el('button', {
    type: 'button', class: cls, 'data-key': `card:${card}`, 'data-card': card, 'aria-expanded': ui.selected === card ? 'true' : 'false',
    'aria-label': `${label}: ${options.length} choices`,
    onclick: () => { ui.selected = ui.selected === card ? null : card; ctx.redraw(); },
  }, body);
}

// ---------------------------------------------------------------------------
// A move being built

function builder(ctx, way) {
  if (way.kind === 'pair') return pairBuilder(ctx, way);
  if (way.kind === 'call') return callBuilder(ctx, way);
  if (way.kind === 'menu') return rerollBuilder(ctx, way);
  if (way.kind === 'swap') return swapBuilder(ctx, way);
  return el('p', { class: 'sg-note' }, `${way.label}: choose a card of your hand.`);
}

/** The move's status, confirm and cancel: #pair-status, #pair-confirm, #pair-cancel. */
function buildBox(ctx, { status, match, confirmText, waiting, canCancel, extra = null, note = null, kind }) {
  const confirm = match
    ? actButton(ctx, match, { class: 'sg-choice sg-confirm primary', key: 'pair:confirm', label: null }, confirmText)
    : el('button', { type: 'button', class: 'sg-choice sg-confirm', disabled: true, 'data-key': 'pair:confirm' }, waiting);
  confirm.id = 'pair-confirm';
  confirm.setAttribute('aria-describedby', 'pair-status');
  const off = ctx.ui.sent || !ctx.onAct;
  return el('div', { class: `sg-builder sg-build-${kind}` },
    el('p', { id: 'pair-status', class: 'sg-pair-status', role: 'status', 'aria-live': 'polite' }, status),
    extra,
    el('div', { class: 'sg-acts' },
      confirm,
      el('button', {
        type: 'button', id: 'pair-cancel', class: 'sg-choice', 'data-key': 'pair:cancel',
        disabled: off || !canCancel, onclick: () => cancel(ctx),
      }, 'Cancel')),
    note ? el('p', { class: 'sg-note' }, note) : null);
}

/** Cancel: forget the parts chosen; with none chosen (a call, a token), stop building. */
function cancel(ctx) {
  const { ui } = ctx;
  if (hasPicks(ui)) clearPicks(ui);
  else if (ui.mode) {
    const mode = ui.mode;
    ui.mode = null;
    ctx.redraw();
    const button = ctx.container.querySelector(`[data-key="${CSS.escape(`mode:${mode}`)}"]`);
    if (button) button.focus();
    return;
  }
  ctx.redraw();
  focusNext(ctx);
}

function hasPicks(ui) {
  return ui.picks.length > 0 || ui.copy !== null || (ui.swap && (ui.swap.mine !== null || ui.swap.theirs !== null));
}

/** Escape while building a move: forget the parts chosen, then leave the move. */
export function builderKey(ctx, ev) {
  const { ui } = ctx;
  if (ev.key !== 'Escape' || ui.sent || !ui.mode || !ctx.way || ctx.way.kind === 'list') return;
  ev.preventDefault();
  cancel(ctx);
}

/** After a click: keep the focus where it was if that is still usable, else on the next
 * thing to do (a card that may come next, or the confirm button once the move is whole). */
function focusNext(ctx) {
  const box = ctx.container;
  const confirm = box.querySelector('#pair-confirm:not([disabled])');
  if (confirm) {
    confirm.focus();
    return;
  }
  const focused = document.activeElement;
  if (focused && box.contains(focused) && !focused.disabled && focused !== document.body) return;
  const next = box.querySelector('#hand .sg-pair-card:not([disabled]), .sg-copy:not([disabled]), .sg-swap-die:not([disabled])')
    || box.querySelector('[data-key^="mode:"]');
  if (next) next.focus();
}

function toggleButton(ctx, spec, { on, usable, label, key, card, onclick, extra = {} }) {
  return el('button', {
    type: 'button',
    class: `${cardClass(spec)} sg-pick sg-pair-card${on ? ' sg-on' : ''}`,
    'data-card': card, 'data-key': key, 'aria-pressed': on ? 'true' : 'false',
    'aria-label': label, disabled: !usable, onclick, ...extra,
  }, cardParts(spec));
}

// Sushi Go!'s chopsticks: two cards, in the order clicked --------------------

/** The legal action for `a` then `b`: that order, else the other one (the engine offers
 * a single order where the order makes no difference). */
function pairFor(entries, a, b) {
  return entries.find((e) => e.cards[0] === a && e.cards[1] === b)
    || entries.find((e) => e.cards[0] === b && e.cards[1] === a) || null;
}

function pickCard(ctx, way, card, count) {
  return way.kind === 'pair' ? pairCard(ctx, way, card, count) : callCard(ctx, way, card, count);
}

function pairCard(ctx, way, card, count) {
  const { ui } = ctx;
  const entries = way.entries;
  const picks = ui.picks;
  const chosen = picks.map((c, i) => (c === card ? i : -1)).filter((i) => i >= 0);
  let usable;
  if (ui.sent || !ctx.onAct || picks.length >= 2) usable = false;
  else if (!picks.length) usable = entries.some((e) => e.cards.includes(card));
  else usable = Boolean(pairFor(entries, picks[0], card)) && (card !== picks[0] || count >= 2);
  const order = chosen.map((i) => (i ? '2nd' : '1st'));
  let label = info(ctx, card).short + (count > 1 ? ` (${count} in hand)` : '');
  if (order.length) label += `: chosen ${order.join(' and ')}`;
  else if (!usable) label += picks.length === 1 ? ': no pair with the first card' : ': not in any pair';
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  const node = toggleButton(ctx, spec, {
    on: chosen.length > 0, usable, label, key: `pair:${card}`, card,
    onclick: () => {
      ui.picks = [...ui.picks, card];
      ctx.redraw();
      focusNext(ctx);
    },
  });
  node.append(...order.map((o) => el('span', { class: 'sg-order', 'aria-hidden': 'true' }, o)));
  return node;
}

function pairBuilder(ctx, way) {
  const { ui } = ctx;
  const names = ui.picks.map((c) => info(ctx, c).short);
  const match = ui.picks.length === 2 ? pairFor(way.entries, ui.picks[0], ui.picks[1]) : null;
  let status;
  if (!names.length) status = 'Chopsticks: choose the first card.';
  else if (names.length === 1) status = `First: ${names[0]}. Now choose the card to take after it.`;
  else {
    status = `Your pair: ${names[0]} then ${names[1]}.`;
    if (match && match.cards[0] !== ui.picks[0]) {
      status += ` The order makes no difference here: it is played as ${match.cards.map((c) => info(ctx, c).short).join(' then ')}.`;
    }
  }
  return buildBox(ctx, {
    kind: 'pair', status, match, confirmText: 'Confirm the pair', waiting: 'Confirm (choose two cards)',
    canCancel: ui.picks.length > 0, note: 'Escape cancels the cards chosen; again, it stops using chopsticks.',
  });
}

// Party: a card played, and a bonus card called at the reveal -----------------

function callCard(ctx, way, card, count) {
  const { ui } = ctx;
  const on = ui.picks[0] === card;
  const usable = !ui.sent && Boolean(ctx.onAct) && way.entries.some((e) => e.card === card);
  let label = info(ctx, card).short + (count > 1 ? ` (${count} in hand)` : '');
  if (on) label += ': chosen';
  else if (!usable) label += `: cannot be played with ${way.name}`;
  const spec = cardSpec(ctx, { id: card, count, size: 'hand' });
  return toggleButton(ctx, spec, {
    on, usable, label, key: `call-card:${card}`, card,
    onclick: () => {
      ui.picks = on ? [] : [card];
      ui.copy = null;
      ctx.redraw();
      focusNext(ctx);
    },
  });
}

/** What calling the bonus card does, said after the card: "for a second card". */
function callPurpose(call) {
  const bonus = String(call).split('=').pop();
  if (bonus.startsWith('chopsticks')) return 'for a second card';
  if (bonus.startsWith('spoon')) return 'to ask another player for a card';
  return '';
}

function callBuilder(ctx, way) {
  const { ui } = ctx;
  const card = ui.picks[0] || null;
  const entries = card ? way.entries.filter((e) => e.card === card) : [];
  const copies = entries.length > 1 ? entries : [];
  const match = entries.length === 1 ? entries[0] : copies.find((e) => e.copy === ui.copy) || null;
  const purpose = callPurpose(way.call);
  let status;
  if (!card) status = `Calling ${way.name} ${purpose}: choose the card to play with it.`.replace(/\s+:/, ':');
  else if (!match) status = `${info(ctx, card).short}: choose what it copies.`;
  else status = `${playedText(ctx, match)}, then call ${way.name}${purpose ? ` ${purpose}` : ''}.`;
  let extra = null;
  if (copies.length) {
    extra = el('div', { class: 'sg-acts sg-copies', role: 'group', 'aria-label': 'What it copies' },
      copies.map((e) => {
        const on = ui.copy === e.copy;
        const data = info(ctx, String(e.copy));
        return el('button', {
          type: 'button', class: `sg-choice sg-copy${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
          'data-copy': e.copy, 'data-key': `copy:${e.copy}`, disabled: ui.sent || !ctx.onAct,
          onclick: () => { ui.copy = on ? null : e.copy; ctx.redraw(); focusNext(ctx); },
        }, el('span', { class: `sg-swatch sg-swatch-icon c-${data.colour || 'plain'}`, 'aria-hidden': 'true' }, icon(iconOf(e.copy, data.family))),
        `as ${copyName(ctx, e.copy)}`);
      }));
  }
  return buildBox(ctx, {
    kind: 'call', status, match, extra, confirmText: 'Confirm', waiting: card ? 'Confirm (choose what it copies)' : 'Confirm (choose a card)',
    canCancel: true, note: 'Cancel or Escape forgets the card; again, it stops the call.',
  });
}

function copyName(ctx, copy) {
  return copy === 'flipped' ? 'a face-down card' : info(ctx, copy).short;
}

/** "Maki 2", "Special order (as Maki 3)": the card of a Party pick. */
function playedText(ctx, e) {
  const name = info(ctx, e.card).short;
  return e.copy ? `${name} (as ${copyName(ctx, e.copy)})` : name;
}

// Sushi Roll: re-roll dice of the belt (a menu token) -------------------------

/** Does some entry's faces hold the multiset `faces`? */
function within(entries, faces) {
  const want = counted(faces);
  return entries.some((e) => {
    const have = counted(e.faces);
    for (const [f, n] of want) if ((have.get(f) || 0) < n) return false;
    return true;
  });
}

function dieToggle(ctx, way, face, i) {
  const { ui, frame } = ctx;
  const spec = cardSpec(ctx, { id: face, size: 'hand' });
  const name = info(ctx, face).short;
  const off = ui.sent || !ctx.onAct;
  if (way.kind === 'menu') {
    const on = ui.picks.includes(i);
    const faces = ui.picks.map((j) => frame.hand[j]);
    const usable = !off && (on || within(way.entries, [...faces, face]));
    return toggleButton(ctx, spec, {
      on, usable, card: face, key: `die:${i}`, label: `${name}: ${on ? 'will be re-rolled' : 'stays'}`,
      onclick: () => {
        ui.picks = on ? ui.picks.filter((j) => j !== i) : [...ui.picks, i];
        ctx.redraw();
        focusNext(ctx);
      },
    });
  }
  const sw = ui.swap;
  const on = sw.mine === i;
  const theirs = sw.theirs !== null ? theirFace(ctx, sw) : null;
  const usable = !off && (on || way.entries.some((e) => e.faces[0] === face
    && (theirs === null || (e.seat === sw.seat && e.faces[1] === theirs))));
  return toggleButton(ctx, spec, {
    on, usable, card: face, key: `die:${i}`, label: `${name}: ${on ? 'yours to give' : 'keep'}`,
    onclick: () => {
      ui.swap = { ...sw, mine: on ? null : i };
      ctx.redraw();
      focusNext(ctx);
    },
  });
}

function rerollBuilder(ctx, way) {
  const { ui, frame } = ctx;
  const faces = [...ui.picks].sort((a, b) => a - b).map((i) => frame.hand[i]);
  const match = faces.length ? way.entries.find((e) => keyOf(e.faces) === keyOf(faces)) : null;
  const left = frame.decision && frame.decision.menus;
  const status = faces.length
    ? `Re-roll ${listText(faces.map((f) => info(ctx, f).short))}${Number.isFinite(left) ? ` (a menu token: ${left - 1} left after)` : ''}.`
    : 'Menu token: choose the dice of your belt to re-roll.';
  return buildBox(ctx, {
    kind: 'menu', status, match, confirmText: 'Re-roll these', waiting: 'Re-roll (choose dice)',
    canCancel: true, note: 'Then take a die, or spend another token.',
  });
}

// Sushi Roll: swap a die with another belt (a chopsticks token) ---------------

function theirFace(ctx, sw) {
  const p = ctx.frame.players[sw.seat];
  const view = beltView(ctx, sw.seat, p && p.belt);
  return view.order[sw.theirs] ?? null;
}

/**
 * A die of another player's belt while a swap is being built: a toggle
 * (`button.sg-swap-die[data-seat][data-card]`), enabled when it can make a legal swap
 * with the die of the viewer's chosen (if one is). Null when no swap is being built.
 * @param {Ctx} ctx @param {number} seat @param {number} index @param {string} face
 */
export function swapTarget(ctx, seat, index, face) {
  const { ui, frame } = ctx;
  const way = ctx.way;
  if (!way || way.kind !== 'swap' || seat === frame.viewer) return null;
  const sw = ui.swap;
  const on = sw.seat === seat && sw.theirs === index;
  const mine = sw.mine !== null ? beltView(ctx, frame.viewer, frame.hand).order[sw.mine] : null;
  const usable = !ui.sent && Boolean(ctx.onAct) && (on || way.entries.some((e) => e.seat === seat && e.faces[1] === face
    && (mine === null || e.faces[0] === mine)));
  const spec = cardSpec(ctx, { id: face });
  return el('button', {
    type: 'button', class: `${cardClass(spec)} sg-pick sg-swap-die${on ? ' sg-on' : ''}`,
    'data-seat': seat, 'data-card': face, 'data-die': index, 'data-key': `swap:${seat}:${index}`,
    'aria-pressed': on ? 'true' : 'false', disabled: !usable,
    'aria-label': `${nameOf(ctx, seat)}'s ${info(ctx, face).short}${on ? ': to take' : ''}`,
    onclick: () => {
      ui.swap = on ? { ...sw, seat: null, theirs: null } : { ...sw, seat, theirs: index };
      ctx.redraw();
      focusNext(ctx);
    },
  }, cardParts(spec));
}

function swapBuilder(ctx, way) {
  const { ui, frame } = ctx;
  const sw = ui.swap;
  const mine = sw.mine !== null ? beltView(ctx, frame.viewer, frame.hand).order[sw.mine] : null;
  const theirs = sw.theirs !== null ? theirFace(ctx, sw) : null;
  const match = mine !== null && theirs !== null
    ? way.entries.find((e) => e.faces[0] === mine && e.seat === sw.seat && e.faces[1] === theirs) || null
    : null;
  const short = (f) => info(ctx, f).short;
  let status;
  if (mine === null && theirs === null) status = 'Chopsticks token: choose a die of your belt, and a die on another player\'s belt to swap it for.';
  else if (theirs === null) status = `Your ${short(mine)}: now choose the die on another player's belt to take for it.`;
  else if (mine === null) status = `${nameOf(ctx, sw.seat)}'s ${short(theirs)}: now choose the die of your belt to give for it.`;
  else status = `Swap your ${short(mine)} for ${nameOf(ctx, sw.seat)}'s ${short(theirs)}.`;
  const others = new Set(way.entries.map((e) => e.seat));
  return buildBox(ctx, {
    kind: 'swap', status, match, confirmText: 'Swap these', waiting: 'Swap (choose two dice)',
    canCancel: true,
    note: `The other belts' dice are in the players' places (${listText([...others].map((s) => nameOf(ctx, s)))}).`,
  });
}

// ---------------------------------------------------------------------------
// A takeout box's flip, and the lists

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
      type: 'button', class: `${cardClass(spec)} sg-pick${on ? ' sg-on' : ''}`, 'aria-pressed': on ? 'true' : 'false',
      'data-key': `flip:${i}`, 'aria-label': `${f.label}: ${on ? 'flip face-down' : 'keep face-up'}`,
      disabled: ui.sent || !ctx.onAct,
      onclick: () => { ui.picks = on ? ui.picks.filter((j) => j !== i) : [...ui.picks, i]; ctx.redraw(); },
    }, cardParts(spec));
  });
  return el('div', { class: 'sg-builder' },
    el('p', { class: 'sg-note' }, 'Choose the cards to flip face-down, then confirm.'),
    el('div', { class: 'sg-hand', role: 'group', 'aria-label': 'Cards you may flip' }, toggles),
    match ? actButton(ctx, match, { class: 'sg-choice sg-confirm' }) : null);
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

/** Labelled lists: the selected card's choices, then the actions with no card. */
function lists(ctx, legal, ways) {
  const { ui } = ctx;
  const way = ctx.way;
  const out = [];
  let shown = [];
  if (ui.selected && (!way || way.kind === 'list')) {
    const pool = way ? way.entries : plainEntries(legal, ways);
    shown = pool.filter((e) => e.card === ui.selected && !(e.direct && !way));
  }
  const free = legal.filter((e) => !e.card && e.kind !== 'menu' && e.kind !== 'flip' && e.kind !== 'chopsticks');
  for (const [group, entries] of groupBy([...shown, ...free])) {
    out.push(el('details', { class: 'sg-group', open: true },
      el('summary', {}, `${fill(ctx, group)} (${entries.length})`),
      entries.every((e) => e.kind === 'ask')
        ? askRows(ctx, entries)
        : el('div', { class: 'sg-acts' }, entries.map((e) => actButton(ctx, e, {}, choiceBody(ctx, e))))));
  }
  if (way && way.kind === 'list' && !shown.length) {
    out.push(el('p', { class: 'sg-note' }, `${way.label}: choose a card of your hand.`));
  }
  return out;
}

/** A spoon's request, as rows instead of one long list: a kind of the menu whose
 * cards differ (nigiri, maki, onigiri, fruit...) gets a row of its own, "Any" first
 * then each card; the kinds of one card share a last row. Each button still says
 * the whole request to a screen reader ("Ask for Egg nigiri"). */
function askRows(ctx, entries) {
  const cards = (ctx.catalog && ctx.catalog.cards) || {};
  const kinds = new Map();
  for (const e of entries) {
    const id = (e.cards && e.cards[0]) || '';
    const kind = cards[id] ? (info(ctx, id).family || id) : id;
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(e);
  }
  const button = (e) => {
    const id = (e.cards && e.cards[0]) || '';
    if (!cards[id]) return actButton(ctx, e, { class: 'sg-choice sg-ask-any' }, 'Any');
    return actButton(ctx, e, {}, choiceBody(ctx, { ...e, label: info(ctx, id).name }));
  };
  const row = (label, es) => el('div', { class: 'sg-ask-row', role: 'group', 'aria-label': label },
    el('span', { class: 'sg-ask-kind' }, label), el('div', { class: 'sg-acts' }, es.map(button)));
  const rows = [];
  const single = [];
  for (const [kind, es] of kinds) {
    if (es.length > 1) rows.push(row(info(ctx, kind).name, es));
    else single.push(...es);
  }
  if (single.length) rows.push(row(rows.length ? 'Other cards' : 'Cards', single));
  return el('div', { class: 'sg-ask' }, rows);
}

/** The legal entries no card, way or list reaches (a safety net: none should be). */
function unreachable(ctx, legal, ways) {
  const { frame } = ctx;
  const inHand = new Set(frame.hand || []);
  const built = new Set(ways.flatMap((w) => w.entries));
  return legal.filter((e) => {
    if (built.has(e)) return false;
    if (e.kind === 'flip') return false;
    if (!e.card) return e.kind === 'menu' || e.kind === 'chopsticks';
    return !inHand.has(e.card);
  });
}

/** The bonus card of the viewer's tableau that the call being built names: the
 * tableau item is marked ("called"). */
export function callingItem(ctx, item) {
  const way = ctx.way;
  if (!way || way.kind !== 'call') return false;
  return item.label === way.name || (item.cards.length === 1 && item.cards[0] === way.call);
}
