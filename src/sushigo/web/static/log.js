/**
 * What happened: this round's log (every game; Sushi Go!'s is its reveals), the finished
 * rounds' results (`.round-result[data-round]`) and the final result (#final).
 *
 *   logArea(ctx)       section.sg-log "This round so far": the latest turn (cycle) first
 *   resultsArea(ctx)   the rounds, newest first
 *   finalArea(ctx)     #final[data-winners]: the players ranked, a place column, the
 *                      winner named once (final.places, final.ranking)
 */

import { el, fill, itemChip, nameOf, ordinal } from './board-kit.js';

/** @typedef {import('./types.js').LogEntry} LogEntry */
/** @typedef {import('./board-kit.js').Ctx} Ctx */

/** @param {Ctx} ctx */
export function logArea(ctx) {
  const roll = ctx.frame.game === 'sushi-roll';
  const turns = new Map();
  for (const e of ctx.frame.log) {
    if (!turns.has(e.turn)) turns.set(e.turn, []);
    turns.get(e.turn).push(e);
  }
  /** @param {LogEntry} e */
  const line = (e) => {
    if (e.what === 'reveal') {
      return el('li', { class: 'sg-reveal', 'data-what': e.what }, 'Everyone revealed:',
        el('ul', {}, (e.picks || []).map((p) => el('li', {}, el('span', { class: 'sg-name' }, nameOf(ctx, p.seat)), ': ', p.label))));
    }
    const cls = `sg-log-${e.what}${e.what === 'rolled' ? ' sg-log-more' : ''}`;
    return el('li', { class: cls, 'data-what': e.what, 'data-seat': e.seat ?? '' }, fill(ctx, e.text));
  };
  return el('section', { class: 'sg-log', 'aria-label': 'This round so far' },
    el('h3', { class: 'sg-h' }, 'This round so far'),
    el('div', { class: 'sg-log-body' }, [...turns].reverse().map(([turn, entries]) => el('div', { class: 'sg-turn' },
      el('h4', { class: 'sg-h4' }, `${roll ? 'Cycle' : 'Turn'} ${turn}`), el('ul', {}, entries.map(line))))));
}

/** A table of scores, a row a player: `row.cells` are numbers; `totalAt` is the index
 * of the cell that is the player's total, shown bold (`td.sg-total`). */
function scoreTable(ctx, caption, headers, rows, winners = [], rank = false, totalAt = -1) {
  return el('div', { class: 'sg-table-wrap' }, el('table', { class: 'sg-table' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, headers.map((h, i) => el('th', { scope: 'col', class: i > (rank ? 1 : 0) ? 'sg-num' : '' }, h)))),
    el('tbody', {}, rows.map((row) => el('tr', { class: winners.includes(row.seat) ? 'sg-win' : '', 'data-seat': row.seat, 'data-place': row.place ?? null },
      rank ? el('td', { class: 'sg-place' }, row.place ? ordinal(row.place) : '—') : null,
      el('th', { scope: 'row' }, nameOf(ctx, row.seat)),
      row.cells.map((c, i) => el('td', { class: i === totalAt ? 'sg-num sg-total' : 'sg-num' }, c)))))));
}

/** @param {Ctx} ctx */
export function resultsArea(ctx) {
  const { frame } = ctx;
  const seats = frame.players.map((p) => p.seat);
  return el('section', { class: 'sg-results', 'aria-label': 'Rounds' },
    [...frame.results].reverse().map((r) => {
      const cols = r.columns.filter(([k]) => r.breakdown.some((b) => b[k]));
      // The total and the round's points first, the families after (a narrow column
      // scrolls them sideways inside the table's box).
      const headers = ['Player', 'Total', 'Round', ...cols.map(([, t]) => t)];
      if (r.kept) headers.push(r.kept_label);
      const rows = seats.map((s) => ({
        seat: s,
        cells: [r.totals[s], r.scores[s], ...cols.map(([k]) => r.breakdown[s][k]), ...(r.kept ? [r.kept[s]] : [])],
      }));
      const played = el('details', { class: 'sg-group' }, el('summary', {}, 'What everyone had'),
        seats.map((s) => el('div', { class: 'sg-row' }, el('span', { class: 'sg-label' }, nameOf(ctx, s)),
          r.tableaux[s].flatMap((col) => col.items).map((item) => itemChip(ctx, item)))));
      return el('section', { class: 'round-result', 'data-round': r.round },
        scoreTable(ctx, `Round ${r.round}`, headers, rows, [], false, 0), played);
    }));
}

/** @param {Ctx} ctx */
export function finalArea(ctx) {
  const { frame } = ctx;
  const f = frame.final;
  // Each player's total first, then how it was made.
  const headers = ['Place', 'Player', 'Total', ...f.rounds.map((_, i) => `Round ${i + 1}`), f.kept_label, 'Dessert points'];
  if (f.token_scores) headers.push('Tokens left', 'Token points');
  const places = Array.isArray(f.places) ? f.places : frame.players.map(() => null);
  const ranking = Array.isArray(f.ranking) && f.ranking.length ? [...f.ranking] : frame.players.map((p) => p.seat);
  for (const p of frame.players) if (!ranking.includes(p.seat)) ranking.push(p.seat); // the dummy, last
  const rows = ranking.map((s) => {
    const cells = [f.scores[s], ...f.rounds.map((r) => r[s]), f.kept[s], f.dessert_scores[s]];
    if (f.token_scores) cells.push(f.tokens_left[s], f.token_scores[s]);
    return { seat: s, place: places[s], cells };
  });
  return el('section', { id: 'final', class: 'sg-final', 'data-winners': f.winners.join(',') },
    ctx.winnerShown ? null : el('p', { class: 'sg-winner' }, fill(ctx, f.text)),
    scoreTable(ctx, 'Final scores, best first', headers, rows, f.winners, true, 0));
}
