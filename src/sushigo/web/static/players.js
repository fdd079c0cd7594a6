/**
 * The players' places: each seat's name and tags, score, what lies in front of it
 * (cards just played turn over), its points this round by family, desserts kept, a
 * Sushi Roll belt die by die; and the standings of the roll race (maki, uramaki,
 * temaki) and of the desserts above them.
 *
 *   playersArea(ctx)   section.sg-players-area: one article.sg-player[data-seat] per
 *                      seat, a compact board (name, tags, score, counters, a chip per
 *                      kind of card); on a phone (STRIP) an entry of the strip whose
 *                      button .sg-player-toggle opens the board (.sg-open)
 *   standings(ctx)     the races and the desserts kept (board.js sets them beside)
 *   updateBelts(ui, frame)   the belts' stable order and the dice that changed
 */

import { callingItem, changedDie, swapTarget } from './builders.js';
import { chip, el, itemChip, motion, nameOf, ordinal, signed } from './board-kit.js';

/** @typedef {import('./types.js').GameFrame} GameFrame */
/** @typedef {import('./types.js').PlayerFrame} PlayerFrame */
/** @typedef {import('./board-kit.js').Ctx} Ctx */

const FLIP_MS = 700;

/** @param {Ctx} ctx */
export function playersArea(ctx) {
  const { frame, ui } = ctx;
  const order = frame.players.map((p) => p.seat);
  if (frame.viewer !== null && frame.viewer !== undefined) {
    // The viewer first, then to the left.
    order.sort((a, b) => ((a - frame.viewer + frame.seats) % frame.seats) - ((b - frame.viewer + frame.seats) % frame.seats));
  }
  // A phone shows the players as a strip of entries; the one opened shows its board.
  // While a swap is built (a die of another belt), every entry shows its belt.
  const strip = isStrip();
  if (ui.openSeat === undefined) ui.openSeat = null;
  const swapping = Boolean(ctx.way && ctx.way.kind === 'swap');
  return el('section', { class: `sg-players-area${strip ? ' sg-strip' : ''}${swapping ? ' sg-swapping' : ''}`, 'aria-label': 'Players' },
    el('div', { class: 'sg-players' }, order.map((s) => player(ctx, frame.players[s], strip))));
}

/** The width under which the players are a strip (a phone). */
export const STRIP = '(max-width: 40rem)';

export function isStrip() {
  return Boolean(window.matchMedia && window.matchMedia(STRIP).matches);
}

// ---------------------------------------------------------------------------
// The standings: the roll race, desserts kept

const RACES = {
  maki: { title: 'Maki', unit: 'icons', note: 'most and second most score' },
  uramaki: { title: 'Uramaki', unit: 'icons', note: 'the first to 10 scores' },
  temaki: { title: 'Temaki', unit: 'cards', note: 'most +4, fewest −4' },
};

/** The races (maki, uramaki, temaki) and the desserts kept, a line each (board.js puts
 * them beside the boards). */
export function standings(ctx) {
  const { frame } = ctx;
  if (frame.over) return null;
  const players = frame.players.filter((p) => !p.dummy || Object.keys(p.counts || {}).length);
  const lines = [];
  const keys = [...new Set(players.flatMap((p) => Object.keys(p.counts || {})))];
  for (const key of keys) {
    const race = RACES[key] || { title: key, unit: '', note: '' };
    const rows = players.map((p) => ({ seat: p.seat, n: Number((p.counts || {})[key]) || 0 }))
      .sort((a, b) => b.n - a.n || a.seat - b.seat);
    const top = rows[0] ? rows[0].n : 0;
    const leaders = rows.filter((r) => r.n === top && top > 0);
    let lead;
    if (!leaders.length) lead = 'nobody yet';
    else if (leaders.length === 1) lead = `${nameOf(ctx, leaders[0].seat)} leads`;
    else lead = `${leaders.map((r) => nameOf(ctx, r.seat)).join(' and ')} tie`;
    let extra = race.note;
    if (key === 'uramaki' && frame.uramaki) extra = `the next to 10 scores ${frame.uramaki.next}`;
    lines.push(el('p', { class: 'sg-race', 'data-race': key },
      el('span', { class: 'sg-race-title' }, `${race.title}:`), ' ',
      el('strong', { class: 'sg-race-lead' }, lead),
      ' — ',
      rows.map((r, i) => el('span', { class: `sg-race-entry${leaders.some((l) => l.seat === r.seat) ? ' sg-lead' : ''}`, 'data-seat': r.seat },
        i ? ' · ' : '', `${nameOf(ctx, r.seat)}: ${r.n}`)),
      extra ? el('span', { class: 'sg-race-note' }, ` (${race.unit ? `${race.unit}; ` : ''}${extra})`) : null));
  }
  const kept = players.filter((p) => !p.dummy);
  if (kept.some((p) => p.dessert_count)) {
    const title = frame.game === 'sushi-go' ? 'Puddings kept' : frame.game === 'sushi-roll' ? 'Pudding tokens' : 'Desserts kept';
    lines.push(el('p', { class: 'sg-race', 'data-race': 'desserts' },
      el('span', { class: 'sg-race-title' }, `${title}:`), ' ',
      kept.map((p, i) => el('span', { class: 'sg-race-entry', 'data-seat': p.seat }, i ? ' · ' : '', `${nameOf(ctx, p.seat)}: ${p.dessert_count}`))));
  }
  if (!lines.length) return null;
  return el('div', { class: 'sg-standings', role: 'group', 'aria-label': 'Standings this round' }, lines);
}

// ---------------------------------------------------------------------------
// One player

/** What lay in front of `seat` the frame before the table last changed: label -> count. */
function previous(ctx, seat) {
  const before = ctx.ui.before;
  if (!before || before.round !== ctx.frame.round || before.game !== ctx.frame.game || !before.players[seat]) return null;
  const out = new Map();
  for (const col of before.players[seat].tableau) for (const item of col.items) out.set(item.label, item.count);
  return out;
}

/** "Tempura 5 · Maki 3 · Nigiri 6": the points of `p` this round by family, as the
 * catalog titles them (`data-family`, `data-points` on each). */
function pointsLine(ctx, p) {
  const columns = (ctx.catalog && ctx.catalog.columns) || {};
  const keys = Object.keys(p.points || {}).filter((k) => p.points[k]);
  const order = Object.keys(columns);
  keys.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  const items = keys.map((k) => ({ key: k, title: columns[k] || k, n: p.points[k] }));
  const words = items.length ? items.map((i) => `${i.title} ${i.n}`).join(', ') : 'no points yet';
  return el('p', { class: 'sg-points', 'aria-label': `Points this round: ${words}` },
    items.length
      ? items.map((i, n) => el('span', { class: `sg-pt${i.n < 0 ? ' sg-pt-down' : ''}`, 'data-family': i.key, 'data-points': i.n },
        n ? ' · ' : '', `${i.title} `, el('b', {}, String(i.n))))
      : el('span', { class: 'sg-none' }, 'No points yet'));
}

/** Counters of a player: the roll race (icons), desserts kept, Sushi Roll's tokens. */
function counters(ctx, p) {
  const { frame } = ctx;
  const out = [];
  // A short word shown (a narrow board), the whole one read and in the tooltip.
  const counter = (key, text, n, title) => el('span', { class: `sg-counter sg-counter-${key}`, 'data-counter': key, 'data-n': n, title },
    el('span', { 'aria-hidden': 'true' }, text), el('span', { class: 'sg-sr' }, title), ' ', el('b', {}, String(n)));
  if (!frame.over) {
    for (const [key, n] of Object.entries(p.counts || {})) {
      const race = RACES[key] || { title: key, unit: '' };
      out.push(counter(key, race.title, Number(n) || 0, `${race.title} ${race.unit}`.trim()));
    }
  }
  if (!p.dummy && !p.tokens && (p.dessert_count || (p.desserts && p.desserts.length))) {
    const title = frame.game === 'sushi-go' ? 'Pudding' : 'Dessert';
    out.push(counter('desserts', title, Number(p.dessert_count) || 0, `${title}s kept`));
  }
  if (p.tokens) {
    out.push(counter('menu', 'Menu', p.tokens.menu, 'Menu tokens'));
    out.push(counter('chopsticks', 'Chop.', p.tokens.chopsticks, 'Chopsticks tokens'));
    out.push(counter('pudding', 'Pud.', p.tokens.pudding, 'Pudding tokens'));
  }
  return out.length ? el('span', { class: 'sg-counters' }, out) : null;
}

/** @param {Ctx} ctx @param {PlayerFrame} p @param {boolean} strip */
function player(ctx, p, strip = false) {
  const { frame, ui } = ctx;
  const you = p.seat === frame.viewer;
  const tags = [];
  if (you) tags.push(el('span', { class: 'sg-tag' }, 'you'));
  if (p.dummy) tags.push(el('span', { class: 'sg-tag' }, 'dummy'));
  if (p.controller) tags.push(el('span', { class: 'sg-tag' }, 'controls the dummy'));
  if (p.red) tags.push(el('span', { class: 'sg-tag sg-red' }, 'red belt'));
  const chose = p.acting && ctx.decided.includes(p.seat);
  if (chose) tags.push(el('span', { class: 'sg-tag sg-chose' }, '✓', el('span', { class: 'sg-tag-word' }, ' chosen')));
  else if (p.acting) tags.push(el('span', { class: 'sg-tag sg-now' }, frame.pending && frame.pending.seat === p.seat ? 'deciding' : 'to play'));
  else if (p.done && !frame.over) tags.push(el('span', { class: 'sg-tag' }, 'done'));
  const place = frame.final && frame.final.places ? frame.final.places[p.seat] : null;
  if (place) tags.push(el('span', { class: `sg-tag sg-place${place === 1 ? ' sg-win' : ''}` }, ordinal(place)));

  const stats = [];
  if (!frame.over) stats.push(`${signed(p.now)} this round`);
  if (!frame.over && !p.dummy && frame.game !== 'sushi-roll') stats.push(`${p.hand_size} in hand`);
  if (p.uramaki_scored) stats.push(`uramaki scored ${p.uramaki_scored}`);

  const open = !strip || ui.openSeat === p.seat;
  const name = el('span', { class: 'sg-name' }, nameOf(ctx, p.seat));
  const score = el('span', { class: 'sg-score', 'aria-label': `Score ${p.score}` }, String(p.score));
  const head = strip
    ? el('button', {
      type: 'button', class: 'sg-player-head sg-player-toggle', 'aria-expanded': open ? 'true' : 'false', 'data-key': `player:${p.seat}`,
      onclick: () => { ui.openSeat = ui.openSeat === p.seat ? null : p.seat; ctx.redraw(); },
    }, name, score, tags)
    : el('header', { class: 'sg-player-head' }, name, tags, score);
  const before = previous(ctx, p.seat);
  const kids = [head, el('p', { class: 'sg-stats' }, el('span', { class: 'sg-stat-text' }, stats.join(' · ')), counters(ctx, p))];
  const body = [];
  if (p.belt && !(you && frame.hand && !frame.over)) body.push(beltRow(ctx, p));
  const columns = p.tableau.map((col) => el('div', { class: 'sg-col' }, col.items.map((item) => {
    const grew = before && item.count > (before.get(item.label) || 0);
    const node = itemChip(ctx, item, grew ? 'sg-new' : '', `played:${p.seat}:${item.label}`);
    if (grew) motion(node, 'sg-flip', ui.tableAt, FLIP_MS);
    if (you && callingItem(ctx, item)) {
      node.classList.add('sg-calling');
      node.setAttribute('aria-label', `${node.getAttribute('aria-label')} (called this turn)`);
    }
    return node;
  })));
  if (!frame.over) {
    body.push(el('div', { class: 'sg-row sg-played' }, el('span', { class: 'sg-label' }, frame.game === 'sushi-roll' ? 'Tray' : 'Played'),
      columns.length ? el('div', { class: 'sg-tableau' }, columns) : el('span', { class: 'sg-none' }, 'nothing yet')));
    body.push(pointsLine(ctx, p));
  }
  if (p.desserts && p.desserts.length) {
    body.push(el('div', { class: 'sg-row sg-kept' }, el('span', { class: 'sg-label' }, 'Kept'),
      p.desserts.map((item) => itemChip(ctx, item, '', `kept:${p.seat}:${item.label}`))));
  }
  if (p.hand && p.hand.length && !you && !p.belt) {
    const seen = new Map();
    for (const c of p.hand) seen.set(c, (seen.get(c) || 0) + 1);
    body.push(el('div', { class: 'sg-row sg-known' },
      el('span', { class: 'sg-label' }, frame.viewer === null ? 'Hand' : 'Holds (seen)'),
      [...seen].map(([c, k]) => chip(ctx, { id: c, count: k, key: `seen:${p.seat}:${c}` }))));
  }
  if (frame.pending && frame.pending.drawn && frame.pending.seat === p.seat) {
    body.push(el('div', { class: 'sg-row sg-known' }, el('span', { class: 'sg-label' }, 'Drew'),
      frame.pending.drawn.map((c) => chip(ctx, { id: c }))));
  }
  // In the strip (a phone) an entry not opened shows its cards as small icons only
  // (board.css); opened, the whole board.
  kids.push(...body);
  return el('article', {
    class: `sg-player${p.acting && !chose ? ' sg-acting' : ''}${chose ? ' sg-has-chosen' : ''}${you ? ' sg-me' : ''}${strip && open ? ' sg-open' : ''}`, 'data-seat': p.seat,
    'aria-label': `${nameOf(ctx, p.seat)}${chose ? ', has chosen' : (p.acting ? ', deciding now' : '')}`,
  }, kids);
}

/** A Sushi Roll belt, die by die in a stable order; while the viewer builds a swap, the
 * dice of other belts it may take are buttons. */
function beltRow(ctx, p) {
  const { ui } = ctx;
  const kept = ui.belts && ui.belts.seats[p.seat];
  const order = kept ? kept.order : p.belt;
  const changed = kept ? kept.changed : p.belt.map(() => false);
  const dice = order.map((face, i) => {
    const node = swapTarget(ctx, p.seat, i, face)
      || chip(ctx, { id: face, key: `belt:${p.seat}:${i}`, attrs: { 'data-die': i, 'data-card': face } });
    return changedDie(node, changed[i], ui.belts && ui.belts.at);
  });
  return el('div', { class: 'sg-row sg-belt-row' }, el('span', { class: 'sg-label' }, 'Belt'),
    dice.length
      ? el('div', { class: 'sg-belt', role: 'group', 'aria-label': `${nameOf(ctx, p.seat)}'s belt, ${dice.length} dice` }, dice)
      : el('span', { class: 'sg-none' }, 'empty'));
}

// ---------------------------------------------------------------------------
// The belts' order across frames

/**
 * Keep each belt's dice in place from one frame to the next: a die stays where it was
 * while its face is still on the belt; a face that came (a re-roll, a swap) takes a
 * place freed, and is marked changed; a die taken leaves. When the belts slid (a new
 * cycle) or a round began, every die was rolled: the frame's order, all changed.
 * @param {object} ui @param {GameFrame} frame
 */
export function updateBelts(ui, frame) {
  const belts = frame.players.map((p) => p.belt || null);
  if (!belts.some(Boolean)) return;
  const key = JSON.stringify([frame.round, frame.turn, belts]);
  if (ui.beltKey === key) return;
  const prev = ui.belts;
  const rolled = prev && (prev.round !== frame.round || prev.turn !== frame.turn);
  const seats = belts.map((belt, s) => {
    if (!belt) return null;
    const old = prev && !rolled && prev.seats[s] ? prev.seats[s].order : null;
    if (!old) return { order: [...belt], changed: belt.map(() => Boolean(rolled)) };
    const pool = new Map();
    for (const f of belt) pool.set(f, (pool.get(f) || 0) + 1);
    const slots = old.map((f) => {
      if (pool.get(f) > 0) {
        pool.set(f, pool.get(f) - 1);
        return f;
      }
      return null;
    });
    const fresh = [];
    for (const f of belt) {
      if (pool.get(f) > 0) {
        pool.set(f, pool.get(f) - 1);
        fresh.push(f);
      }
    }
    const order = [];
    const changed = [];
    for (const f of slots) {
      if (f !== null) {
        order.push(f);
        changed.push(false);
      } else if (fresh.length) {
        order.push(fresh.shift());
        changed.push(true);
      }
    }
    for (const f of fresh) {
      order.push(f);
      changed.push(true);
    }
    return { order, changed };
  });
  ui.belts = { round: frame.round, turn: frame.turn, seats, at: performance.now() };
  ui.beltKey = key;
}
