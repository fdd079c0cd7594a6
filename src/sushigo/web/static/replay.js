/*
 * A finished game's replay (/replay/{id}): GET /api/tables/{id}/replay ->
 * {"record", "catalog", "steps": [{"step", "frame", "actions": {seat: text}}]},
 * a step at a time (#step=N in the address). Keys: ← and →, Home and End.
 *
 * DOM hooks (for end-to-end tests): #prev, #next, #slider, #step, #step-actions,
 * #board, #record-link.
 */

import { api } from './api.js';
import { renderReplay } from './board.js';
import { $, enc, h, main } from './dom.js';

export function replayPage(id) {
  document.title = `Replay ${id} — Sushi Go!`;
  const statusEl = h('p', { id: 'replay-status', role: 'status', 'aria-live': 'polite' }, 'Loading the game…');
  main.replaceChildren(h('h1', { id: 'replay-title' }, `Replay of table ${id}`), statusEl);

  (async () => {
    const r = await api(`/api/tables/${enc(id)}/replay`);
    if (!r.ok) {
      statusEl.textContent = r.status === 409 ? 'This game is not finished yet.' : r.error;
      statusEl.setAttribute('role', 'alert');
      main.append(h('p', null, h('a', { href: `/t/${enc(id)}` }, 'Go to the table'), ' · ', h('a', { href: '/' }, 'Back to the tables')));
      return;
    }
    const { record, steps, catalog } = r.data;
    const names = record.names;
    const nameOf = (seat) => names[seat] ?? `Seat ${+seat + 1}`;
    const n = steps.length;
    $('#replay-title').textContent = `Replay: ${catalog.title} — table ${id}`;
    const final = record.final_scores;
    const winners = record.winners.map(nameOf);
    const info = h('p', { id: 'replay-info' },
      names.map((nm, i) => (final[i] !== undefined ? `${nm} ${final[i]}` : nm)).join(', '),
      `. Winner: ${winners.join(' and ')}.`);

    statusEl.textContent = '';
    const prev = h('button', { id: 'prev', type: 'button', 'aria-keyshortcuts': 'ArrowLeft' }, '◀ Prev');
    const next = h('button', { id: 'next', type: 'button', 'aria-keyshortcuts': 'ArrowRight' }, 'Next ▶');
    const slider = h('input', { id: 'slider', type: 'range', min: '1', max: String(n), value: '1', step: '1' });
    const stepEl = h('p', { id: 'step', 'aria-live': 'polite' });
    const actionsEl = h('ul', { id: 'step-actions', class: 'step-actions' });
    const boardEl = h('div', { id: 'board', class: 'board-container' });
    const recordLink = h('a', { id: 'record-link', class: 'button', href: `/api/tables/${enc(id)}/record`, download: `sushigo-${id}.json` }, 'Download record');

    main.append(
      info,
      h('div', { class: 'replay-controls' },
        prev,
        h('label', { for: 'slider', class: 'visually-hidden' }, 'Step'),
        slider,
        next),
      stepEl,
      h('p', { class: 'small muted' }, 'Keys: ← and → step, Home and End jump to the start and the end.'),
      h('section', { 'aria-labelledby': 'h-step-actions' },
        h('h2', { id: 'h-step-actions', class: 'small-heading' }, 'Decisions at this step'), actionsEl),
      boardEl,
      h('p', { class: 'controls' }, recordLink, h('a', { class: 'button', href: `/t/${enc(id)}` }, 'Table page')),
    );

    let k = 0;
    const fromHash = parseInt((location.hash.match(/step=(\d+)/) || [])[1], 10);
    if (Number.isFinite(fromHash)) k = Math.min(n - 1, Math.max(0, fromHash - 1));
    function show(i) {
      k = Math.min(n - 1, Math.max(0, i));
      const s = steps[k];
      stepEl.textContent = `Step ${k + 1} of ${n}`;
      slider.value = String(k + 1);
      slider.setAttribute('aria-valuetext', `Step ${k + 1} of ${n}`);
      prev.disabled = k === 0;
      next.disabled = k === n - 1;
      const items = Object.entries(s.actions).map(([seat, text]) => `${nameOf(seat)}: ${actionWords(text, catalog)}`);
      actionsEl.replaceChildren(...(items.length ? items.map((t) => h('li', null, t)) : [h('li', { class: 'muted' }, 'None (the end of the game, or a deal).')]));
      try { history.replaceState(null, '', `#step=${k + 1}`); } catch { /* ignore */ }
      renderReplay(boardEl, s.frame, catalog, names);
    }

    prev.addEventListener('click', () => show(k - 1));
    next.addEventListener('click', () => show(k + 1));
    slider.addEventListener('input', () => show(parseInt(slider.value, 10) - 1));
    document.addEventListener('keydown', (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const t = ev.target;
      if (t === slider) return; // the slider moves itself
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      const go = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: n - 1 }[ev.key];
      if (go === undefined) return;
      ev.preventDefault();
      show(go);
    });
    show(k);
  })();
}

const VERBS = { take: 'take', ask: 'ask for', give: 'give', order: 'order', copy: 'copy', flip: 'flip', menu: 're-roll', chopsticks: 'swap', dummy: 'the dummy gets', call: 'calling' };

/** An action's text (docs/web.md, "Action texts") in words: card names for ids. */
function actionWords(text, catalog) {
  const kinds = catalog.menu ? catalog.menu.kinds : [];
  const name = (id) => {
    if (catalog.cards[id]) return catalog.cards[id].name;
    const k = kinds.find((x) => x.kind === id);
    return k ? k.name : id;
  };
  return text.split(' ').map((part) => {
    const m = part.match(/^([a-z]+):(.*)$/);
    const verb = m && VERBS[m[1]] ? VERBS[m[1]] : null;
    const body = verb ? m[2] : part;
    const words = body
      .replace(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g, (id) => (id === 'flipped' ? 'a face-down card' : name(id)))
      .replace(/\+/g, ' then ').replace(/=/g, ' as ').replace(/,/g, ', ').replace(/\//g, ' ');
    if (!verb) return words;
    return body ? `${verb} ${words}` : `${verb} nothing`;
  }).join(', ');
}
