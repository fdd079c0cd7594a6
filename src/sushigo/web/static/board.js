/**
 * The board: draws one frame (docs/web.md, "Frames") into a container.
 *
 *   renderBoard(container, frame, {names, onAct, catalog, decided, chosen, winnerShown})
 *   (`winnerShown`: the page names the winner itself, so #final does not)
 *   renderReplay(container, frame, catalog, names)
 *
 * Plain ES modules, no build step: this one lays the board out and keeps what the
 * viewer is doing across frames; builders.js draws the viewer's hand and the moves
 * built on it, players.js the players' places and the standings, log.js the log, the
 * rounds and the final result, board-kit.js what they share. Everything is drawn from
 * the frame: the viewer's hand (a Roll belt), every player's tableau grouped by colour
 * with its points this round by family, scores, whose decision it is, the menu (Party),
 * belts die by die, trays, tokens and supply (Roll), the roll race and the desserts
 * kept, the log (Party, Roll), the round results and the final result. The viewer
 * decides among frame.legal; onAct(text) is called with the chosen action's text.
 *
 * Moves of several parts are built by clicking (builders.js): Sushi Go!'s chopsticks
 * pair, a Party call (the bonus card, then the card played with it), a Roll re-roll
 * (the dice) and swap (a die of the belt, a die of another player's belt); the move is
 * said in words, then confirmed or cancelled (Escape cancels too). Only the parts that
 * can still make a legal move are enabled; every legal action is reachable.
 *
 * Each card of the hand (die of the belt) carries what it would score now (frame.gains:
 * a "+5" badge, its description for a screen reader). Cards just played turn over
 * together, a hand passed on slides in, a die whose face changed flashes; with
 * prefers-reduced-motion nothing moves (a die keeps a static "changed" mark).
 *
 * Hooks for tests: every legal action's button is `button.act[data-action]` (any the
 * hand, the ways and the lists do not reach would be in a closed "Every other choice"
 * list); the hand is #hand (its cards and dice carry data-card, a die data-die; a
 * gain `.sg-gain[data-gain]`), the prompt #decision, the final result #final
 * (data-winners, comma-separated seats; rows `tr[data-seat][data-place]` best first),
 * each finished round `.round-result`. A way to play is `.sg-mode[data-way]`
 * (aria-pressed); a move being built: the parts `button.sg-pair-card[data-card]` in
 * #hand (aria-pressed once chosen), another belt's dice `button.sg-swap-die[data-seat]`,
 * a special order's copy `button.sg-copy[data-copy]`, the status #pair-status, the
 * buttons #pair-confirm (an `.act` once the move is whole) and #pair-cancel. A player
 * is `.sg-player[data-seat]`, with its points `.sg-points .sg-pt[data-family][data-points]`
 * and its belt `.sg-belt` (one `.sg-tile` per die, `.sg-changed` when it just changed);
 * the standings `.sg-race[data-race]`; the log `.sg-log li[data-what]`.
 *
 * Cards, dice and menu kinds are drawn by cards.js (`.sg-tile`, art from cards.svg, the
 * name as text). Each names its rule in data-rule: hover or keyboard focus shows
 * #sg-rule-tip; a click on a card that is not an action (a tableau, a belt, a menu
 * tile), the "?" beside a card of the hand (`.sg-info`) or a long press opens
 * #sg-rule-dialog. Party's menu is a row of small cards (`.sg-menu-icons`, each opening
 * its rule) and a folded `.sg-menu-panel` listing every rule.
 *
 * Layout (board.css): `.sg-top` (progress, menu), #final, `.sg-dock` (the prompt and the
 * hand: beside each other under the boards at a desk, docked at the bottom of a phone's
 * screen), `.sg-players-area` (a grid of `--cols` columns; a strip on a phone),
 * `.sg-side` (the races, the log, the rounds: a column beside the boards at a desk).
 */

import { enableRules } from './cards.js';
import {
  chip, chosenSentence, el, fill, listText, menuKinds, nameOf, ruleEntries, stillDeciding,
} from './board-kit.js';
import { builderKey, handArea } from './builders.js';
import { finalArea, logArea, resultsArea } from './log.js';
import { STRIP, playersArea, standings, updateBelts } from './players.js';

/** @typedef {import('./types.js').GameFrame} GameFrame */
/** @typedef {import('./types.js').Catalog} Catalog */
/** @typedef {import('./board-kit.js').Ctx} Ctx */

const STATE = new WeakMap(); // container -> what the viewer is doing with the frame

/**
 * Draw `frame` into `container`.
 * @param {HTMLElement} container
 * @param {GameFrame} frame a frame from sushigo.present.frames
 * @param {{names?: string[], onAct?: ((text: string) => void) | null, catalog?: Catalog | null,
 *   decided?: number[], chosen?: {text: string, label?: string, timeout?: boolean, forced?: boolean} | null}} options
 *   `decided`: the seats that have chosen this step (the state message's); `chosen`: the
 *   viewer's own decision this step, once made (the status line names it, the hand marks it)
 */
export function renderBoard(container, frame, options = {}) {
  const { names = [], onAct = null, catalog = null, decided = [], chosen = null, winnerShown = false } = options || {};
  let ui = STATE.get(container);
  if (!ui) {
    ui = {
      key: null, table: null, mode: null, selected: null, picks: [], copy: null, swap: { mine: null, seat: null, theirs: null },
      sent: false, frame: null, before: null, tableAt: 0, handKey: null, handAt: 0, belts: null, beltKey: null, ctx: null, legal: [],
    };
    STATE.set(container, ui);
    container.addEventListener('keydown', (ev) => { if (ui.ctx) builderKey(ui.ctx, ev); });
    enableRules(container, (ids) => ruleEntries(ui.ctx, ids));
    // The players are a strip on a phone, boards on a wider screen: redraw on a change.
    if (window.matchMedia) window.matchMedia(STRIP).addEventListener('change', () => { if (ui.ctx) draw(ui.ctx); });
  }
  // What lay on the table before this frame, to turn over the cards just played.
  const table = JSON.stringify([frame.round, frame.players.map((p) => p.played)]);
  if (table !== ui.table) {
    ui.before = ui.frame;
    ui.tableAt = ui.table === null ? 0 : performance.now();
    ui.table = table;
  }
  // A hand passed on (a belt slid along): it slides in.
  if (frame.hand && !frame.over) {
    const handKey = JSON.stringify([frame.round, frame.turn]);
    if (ui.handKey !== null && handKey !== ui.handKey) ui.handAt = performance.now();
    ui.handKey = handKey;
  }
  updateBelts(ui, frame);
  ui.frame = frame;
  // A new decision forgets the choices half made; a redraw of the same keeps them.
  const key = JSON.stringify([frame.viewer, frame.round, frame.turn, frame.to_act, frame.decision, frame.hand]);
  if (key !== ui.key) {
    Object.assign(ui, { key, mode: null, selected: null, picks: [], copy: null, swap: { mine: null, seat: null, theirs: null }, legal: [] });
  }
  if (frame.legal) ui.legal = frame.legal; // to name the choice once it is made (legal is then null)
  ui.sent = false; // the page disables the actions while a decision is on its way
  /** @type {Ctx} */
  const ctx = { container, frame, names, onAct, catalog, ui, decided: Array.isArray(decided) ? decided : [], chosen, winnerShown, redraw: () => draw(ctx), way: null };
  ui.ctx = ctx;
  draw(ctx);
}

/** A finished game's step (a replay frame): the board with no decisions. */
export function renderReplay(container, frame, catalog = null, names = []) {
  renderBoard(container, frame, { names, catalog, onAct: null });
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
  const n = frame.players.length;
  // The players' boards in a grid: one row up to four, two rows beyond (board.css).
  const cols = n <= 4 ? n : Math.ceil(n / 2);
  const root = el('div', {
    class: `sg-board sg-${frame.game}${frame.viewer === null ? ' sg-watching' : ''}`,
    style: `--players: ${n}; --cols: ${cols}`,
    'data-players': n,
  });
  // The game's progress and the menu share a line where they fit.
  root.append(el('div', { class: 'sg-top' }, header(ctx), frame.menu ? menuStrip(ctx) : null));
  if (frame.final) root.append(finalArea(ctx));
  // The hand first: the ways to play and the move being built set ctx.way, which the
  // players' places read (the bonus card called, the other belts' dice to swap with).
  // The prompt and the hand are the dock: below the boards on a desk, docked at the
  // bottom of a phone's screen (board.css); first in the page's order all the same.
  const hand = frame.hand !== null && frame.hand !== undefined && !frame.over ? handArea(ctx) : null;
  root.append(el('div', { class: 'sg-dock' }, decisionArea(ctx), hand));
  root.append(playersArea(ctx));
  // What happens: the races, this round's log, the rounds played (a column beside the
  // boards on a desk).
  const side = [standings(ctx)];
  if (frame.log && frame.log.length) side.push(logArea(ctx));
  if (frame.results && frame.results.length) side.push(resultsArea(ctx));
  if (side.some(Boolean)) {
    root.classList.add('sg-has-side');
    root.append(el('div', { class: 'sg-side' }, side));
  }
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

/** Sushi Go Party!'s menu: a row of the table's kinds in the menu's order (nigiri,
 * roll, appetizers, specials, dessert), small cards that open their rule on a click or
 * a tap, and a folded panel listing every kind with its category and rule (it stays as
 * the viewer leaves it). */
function menuStrip(ctx) {
  const { ui } = ctx;
  const kinds = menuKinds(ctx);
  if (ui.menuOpen === undefined) ui.menuOpen = false;
  const ruled = kinds.some((k) => k.rule);
  const item = (k, i) => el('li', { class: `sg-menu-item${i && kinds[i - 1].category !== k.category ? ' sg-menu-next' : ''}` },
    chip(ctx, { id: k.kind, label: k.name, colour: k.colour, key: `menu:${k.kind}`, rule: `kind:${k.kind}` }),
    el('div', { class: 'sg-menu-text' },
      k.category ? el('span', { class: 'sg-menu-cat' }, k.category) : null,
      k.rule ? el('p', { class: 'sg-menu-rule' }, k.rule) : null));
  const panel = el('details', { class: `sg-menu-panel${ruled ? ' sg-ruled' : ''}`, open: ui.menuOpen, ontoggle: (ev) => { ui.menuOpen = ev.currentTarget.open; } },
    el('summary', {},
      el('span', { class: 'sg-label' }, 'Menu:'), ' ', el('strong', { class: 'sg-menu-name' }, menuName(ctx)),
      el('span', { class: 'sg-menu-more' }, ' · every rule')),
    el('ul', { class: 'sg-menu-list' }, kinds.map(item)));
  const icons = el('div', { class: 'sg-menu-icons', role: 'group', 'aria-label': "The menu's cards (each opens its rule)" },
    kinds.map((k) => chip(ctx, { id: k.kind, label: k.name, colour: k.colour, key: `menu-icon:${k.kind}`, rule: `kind:${k.kind}`, extra: 'sg-mini' })));
  return el('section', { class: 'sg-menu', 'aria-label': 'Menu' }, panel, icons);
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
    text = 'Game over.';
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
  // not a live region: it is drawn anew with every frame; table.js's announcer speaks
  return el('section', { id: 'decision', class: `sg-decision${mine ? ' sg-yours' : ''}${chose ? ' sg-chosen' : ''}` }, kids);
}
