/*
 * The score calculator (/score): a game played with real cards (or Sushi Roll
 * dice) typed in round by round, sent as the score sheet of
 * docs/score-calculator.md to POST /api/score, and its result shown. What is
 * typed is kept in localStorage ("sushigo.score") across reloads. The games, their
 * player counts, the Party menus and how to type cards (score_help, score_example)
 * come from GET /api/options.
 *
 * DOM hooks (for end-to-end tests): #score-form (game, players, name-N, rN-pS),
 * #score-submit, #score-error, #score-result (#score-totals, #score-winners,
 * #score-round-N).
 */

import { api, fits, getOptions, lsGet, lsSet, menuFits, menuParts } from './api.js';
import { h, main, prettyKey, range, sentence } from './dom.js';

const SAVE_KEY = 'sushigo.score';

export function scorePage() {
  document.title = 'Score calculator — Sushi Go!';
  const slot = h('div', null, h('p', { class: 'muted' }, 'Loading…'));
  const resultEl = h('section', { id: 'score-result', 'aria-live': 'polite', 'aria-labelledby': 'h-result' });
  main.replaceChildren(
    h('h1', null, 'Score calculator'),
    h('p', null, 'Score a game played with real cards (or Sushi Roll dice): type what lies in front of each player at the end of each round. Rounds left empty are not scored yet.'),
    slot, resultEl);
  getOptions().then(
    (opts) => slot.replaceChildren(scoreForm(opts, resultEl)),
    (err) => slot.replaceChildren(h('p', { id: 'options-error', class: 'error', role: 'alert' }, err.message)),
  );
}

function scoreForm(opts, resultEl) {
  const party = opts.games.find((g) => g.name === 'sushi-go-party');
  const errorEl = h('div', { id: 'score-error', class: 'error', role: 'alert' });
  const gameSel = h('select', { id: 's-game', name: 'game' },
    opts.games.map((g) => h('option', { value: g.name }, g.title)));
  const playersSel = h('select', { id: 's-players', name: 'players' });
  const namesBox = h('fieldset', { id: 's-names', class: 'group' }, h('legend', null, 'Players'));
  const optionsBox = h('fieldset', { id: 's-options', class: 'group' }, h('legend', null, 'Variants'));
  const menuSel = h('select', { id: 's-menu', name: 'menu' });
  const customBox = h('fieldset', { id: 's-custom', class: 'group', hidden: true }, h('legend', null, 'Custom menu'));
  const menuBox = h('div', { id: 's-menu-box' },
    h('div', { class: 'field' }, h('label', { for: 's-menu' }, 'Menu'), menuSel), customBox);
  const helpEl = h('p', { id: 's-help', class: 'small muted' });
  const roundsBox = h('div', { id: 's-rounds' });
  const tokensBox = h('fieldset', { id: 's-tokens', class: 'group' }, h('legend', null, 'Game end: tokens'));
  const submit = h('button', { id: 'score-submit', type: 'submit', class: 'primary' }, 'Score');
  const clear = h('button', { id: 'score-clear', type: 'button' }, 'Clear');

  const form = h('form', { id: 'score-form', class: 'card', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 's-game' }, 'Game'), gameSel),
    h('div', { class: 'field' }, h('label', { for: 's-players' }, 'Players'), playersSel),
    namesBox, optionsBox, menuBox, helpEl, roundsBox, tokensBox,
    errorEl, h('div', { class: 'row' }, submit, clear));

  const game = () => gameSel.value;
  const gameInfo = () => opts.games.find((g) => g.name === gameSel.value);
  const count = () => parseInt(playersSel.value, 10) || 2;
  const dummy = () => game() === 'sushi-go' && count() === 2 && !!form.querySelector('input[name="dummy"]:checked');
  const seatCount = () => count() + (dummy() ? 1 : 0);
  const menuSize = party.categories.reduce((n, c) => n + c.count, 0);

  // values typed so far, kept across rebuilds (and reloads)
  let values = {};
  try { values = JSON.parse(lsGet(SAVE_KEY) || '{}') || {}; } catch { values = {}; }
  const remember = () => {
    for (const el of form.querySelectorAll('input, select')) {
      if (!el.name) continue;
      if (el.type === 'checkbox') {
        if (!el.name.startsWith('custom-')) values[el.name] = el.checked;
      } else {
        values[el.name] = el.value;
      }
    }
    if (!customBox.hidden || customBox.querySelector('input')) {
      values['custom-set'] = {};
      for (const el of customBox.querySelectorAll('input[type="checkbox"]:checked')) values['custom-set'][el.value] = true;
    }
    lsSet(SAVE_KEY, JSON.stringify(values));
  };
  const val = (name, fallback = '') => (values[name] !== undefined && values[name] !== null ? values[name] : fallback);

  function nameOf(i) {
    const el = form.querySelector(`input[name="name-${i}"]`);
    const v = el ? el.value.trim() : '';
    if (v) return v;
    if (dummy() && i === 2) return 'Dummy';
    return `Player ${i + 1}`;
  }

  function build() {
    const g = game();
    const [lo, hi] = gameInfo().players;
    const prev = parseInt(playersSel.value || val('players', '3'), 10);
    playersSel.replaceChildren(...range(lo, hi).map((n) => h('option', { value: String(n) }, String(n))));
    playersSel.value = String(Math.min(hi, Math.max(lo, Number.isFinite(prev) ? prev : 3)));

    // variants (Sushi Go! only: soy sauce changes the scoring; dummy adds a seat)
    optionsBox.replaceChildren(h('legend', null, 'Variants'));
    optionsBox.hidden = g !== 'sushi-go';
    if (g === 'sushi-go') {
      optionsBox.append(
        h('div', { class: 'check' },
          h('input', { type: 'checkbox', id: 's-soy', name: 'soy_sauce', value: 'soy_sauce', checked: !!val('soy_sauce', false) }),
          h('label', { for: 's-soy' }, 'Soy sauce promo cards')),
        h('div', { class: 'check' },
          h('input', { type: 'checkbox', id: 's-dummy', name: 'dummy', value: 'dummy', checked: count() === 2 && !!val('dummy', false), disabled: count() !== 2 }),
          h('label', { for: 's-dummy' }, 'Two-player dummy (list the dummy\'s cards too)')));
      optionsBox.querySelector('#s-dummy').addEventListener('change', () => { remember(); buildSeats(); });
    }

    // menu (Party)
    menuBox.hidden = g !== 'sushi-go-party';
    if (g === 'sushi-go-party') {
      const n = count();
      const prevMenu = menuSel.value || val('menu', '');
      menuSel.replaceChildren(
        ...party.menus.map((m) => {
          const ok = fits(m.players, n) && menuFits(party, m.kinds, n);
          return h('option', { value: m.key, disabled: !ok }, m.name + (ok ? '' : ' (other player counts)'));
        }),
        h('option', { value: 'custom' }, 'Custom menu…'));
      const usable = [...menuSel.options].filter((o) => !o.disabled).map((o) => o.value);
      menuSel.value = usable.includes(prevMenu) ? prevMenu : (usable[0] || '');
      buildCustom();
    }
    helpEl.textContent = gameInfo().score_help;
    buildSeats();
  }

  function buildCustom() {
    customBox.hidden = menuSel.value !== 'custom';
    customBox.replaceChildren(h('legend', null, `Custom menu: ${menuParts(party)}`));
    const chosen = values['custom-set'] || {};
    for (const c of party.categories) {
      const box = h('fieldset', { class: 'group inner' }, h('legend', null, `${c.label} (${c.count})`));
      for (const k of party.kinds[c.key]) {
        const id = `s-custom-${k}`;
        box.append(h('div', { class: 'check' },
          h('input', { type: 'checkbox', id, name: `custom-${c.key}`, value: k, checked: !!chosen[k] }),
          h('label', { for: id }, prettyKey(k))));
      }
      customBox.append(box);
    }
  }

  function menuKinds() {
    if (menuSel.value !== 'custom') {
      const m = party.menus.find((x) => x.key === menuSel.value);
      return m ? m.kinds : [];
    }
    return [...customBox.querySelectorAll('input:checked')].map((i) => i.value);
  }

  function buildSeats() {
    const g = game();
    const n = count();
    const seats = seatCount();
    namesBox.replaceChildren(h('legend', null, 'Names'));
    for (let i = 0; i < n; i++) {
      const id = `s-name-${i}`;
      namesBox.append(h('div', { class: 'field inline' },
        h('label', { for: id }, `Player ${i + 1}`),
        h('input', { id, name: `name-${i}`, type: 'text', maxlength: '24', placeholder: `Player ${i + 1}`, value: val(`name-${i}`) })));
    }
    const uramaki = g === 'sushi-go-party' && menuKinds().includes('uramaki');
    const placeholder = gameInfo().score_example;
    roundsBox.replaceChildren();
    for (let r = 1; r <= 3; r++) {
      const box = h('fieldset', { class: 'group round' }, h('legend', null, `Round ${r}${g === 'sushi-roll' ? ': trays' : ''}`));
      for (let s = 0; s < seats; s++) {
        const id = `s-r${r}-p${s}`;
        box.append(h('div', { class: 'field' },
          h('label', { for: id, 'data-seat-label': String(s) }, nameOf(s)),
          h('input', { id, name: `r${r}-p${s}`, type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder, value: val(`r${r}-p${s}`) })));
        if (uramaki) {
          const uid = `s-r${r}-uramaki-${s}`;
          box.append(h('div', { class: 'field inline sub' },
            h('label', { for: uid }, `Uramaki points ${nameOf(s)} scored during round ${r}`),
            h('input', { id: uid, name: `r${r}-uramaki-${s}`, type: 'number', min: '0', step: '1', inputmode: 'numeric', value: val(`r${r}-uramaki-${s}`) })));
        }
      }
      roundsBox.append(box);
    }
    tokensBox.hidden = g !== 'sushi-roll';
    tokensBox.replaceChildren(h('legend', null, 'Game end: tokens (leave empty if unknown)'));
    if (g === 'sushi-roll') {
      for (let s = 0; s < n; s++) {
        const row = h('div', { class: 'token-row' }, h('span', { class: 'token-name', 'data-seat-label': String(s) }, nameOf(s)));
        for (const [key, label] of [['puddings', 'Pudding tokens'], ['menus', 'Unused menu tokens'], ['chopsticks', 'Unused chopsticks tokens']]) {
          const id = `s-${key}-${s}`;
          row.append(h('span', { class: 'field inline' },
            h('label', { for: id }, label),
            h('input', { id, name: `${key}-${s}`, type: 'number', min: '0', step: '1', inputmode: 'numeric', value: val(`${key}-${s}`) })));
        }
        tokensBox.append(row);
      }
    }
  }

  function relabel() {
    for (const el of form.querySelectorAll('[data-seat-label]')) el.textContent = nameOf(+el.dataset.seatLabel);
  }

  gameSel.value = opts.games.some((g) => g.name === val('game')) ? val('game') : opts.games[0].name;
  gameSel.addEventListener('change', () => { remember(); build(); });
  playersSel.addEventListener('change', () => { remember(); build(); });
  menuSel.addEventListener('change', () => { remember(); buildCustom(); buildSeats(); });
  customBox.addEventListener('change', () => { remember(); buildSeats(); });
  form.addEventListener('input', (ev) => {
    if (ev.target && /^name-/.test(ev.target.name || '')) relabel();
    remember();
  });
  clear.addEventListener('click', () => {
    const keep = { game: game(), players: playersSel.value, menu: menuSel.value };
    values = keep;
    lsSet(SAVE_KEY, JSON.stringify(values));
    build();
    resultEl.replaceChildren();
    errorEl.textContent = '';
  });

  /** Mark the round-and-seat fields the server found mistakes in (answer `problems`),
   * list every mistake, and take the focus to the first marked field. */
  function markMistakes(problems) {
    const items = [];
    let first = null;
    for (const p of problems) {
      const el = form.querySelector(`input[name="r${p.round}-p${p.seat}"]`);
      if (el) {
        el.setAttribute('aria-invalid', 'true');
        el.setAttribute('aria-describedby', 'score-error');
        first = first || el;
      }
      items.push(h('li', null, sentence(p.message)));
    }
    errorEl.replaceChildren(problems.length > 1 ? `${problems.length} mistakes:` : '', h('ul', null, ...items));
    if (first) first.focus();
  }

  function clearMarks() {
    for (const el of form.querySelectorAll('input[aria-invalid]')) {
      el.removeAttribute('aria-invalid');
      el.removeAttribute('aria-describedby');
    }
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errorEl.textContent = '';
    clearMarks();
    const built = buildSheet();
    if (built.error) {
      errorEl.textContent = built.error;
      return;
    }
    submit.disabled = true;
    submit.textContent = 'Scoring…';
    const r = await api('/api/score', { method: 'POST', body: built.sheet });
    submit.disabled = false;
    submit.textContent = 'Score';
    if (!r.ok) {
      const problems = r.data && Array.isArray(r.data.problems) ? r.data.problems : [];
      if (problems.length) markMistakes(problems);
      else errorEl.textContent = r.error;
      return;
    }
    renderScore(resultEl, r.data);
    const heading = resultEl.querySelector('h2');
    heading.tabIndex = -1;
    heading.focus();
  });

  function num(name) {
    const el = form.querySelector(`input[name="${name}"]`);
    if (!el || el.value.trim() === '') return null;
    const v = Number(el.value);
    return Number.isFinite(v) ? Math.trunc(v) : NaN;
  }

  function buildSheet() {
    const g = game();
    const n = count();
    const seats = seatCount();
    const sheet = { game: g };
    const typed = range(0, n - 1).map((i) => form.querySelector(`input[name="name-${i}"]`).value.trim());
    if (typed.some(Boolean)) sheet.names = typed.map((t, i) => t || `Player ${i + 1}`);

    const cardsOf = (r) => range(0, seats - 1).map((s) => form.querySelector(`input[name="r${r}-p${s}"]`).value.trim());
    let lastRound = 0;
    for (let r = 1; r <= 3; r++) {
      if (cardsOf(r).some(Boolean) || (g === 'sushi-go-party' && range(0, seats - 1).some((s) => num(`r${r}-uramaki-${s}`)))) lastRound = r;
    }
    if (!lastRound) return { error: 'Type the cards of at least one round.' };

    const rounds = [];
    for (let r = 1; r <= lastRound; r++) {
      const cards = cardsOf(r);
      if (g === 'sushi-go-party') {
        const ur = range(0, seats - 1).map((s) => num(`r${r}-uramaki-${s}`));
        if (ur.some((v) => Number.isNaN(v))) return { error: `Round ${r}: uramaki points are whole numbers.` };
        if (ur.some((v) => v)) rounds.push({ cards, uramaki: ur.map((v) => v || 0) });
        else rounds.push(cards);
      } else {
        rounds.push(cards);
      }
    }
    sheet.rounds = rounds;

    if (g === 'sushi-go') {
      const options = {};
      if (form.querySelector('input[name="soy_sauce"]:checked')) options.soy_sauce = true;
      if (dummy()) options.dummy = true;
      if (Object.keys(options).length) sheet.options = options;
    } else if (g === 'sushi-go-party') {
      if (menuSel.value === 'custom') {
        const kinds = menuKinds();
        if (kinds.length !== menuSize) return { error: `A custom menu has ${menuSize} card kinds besides nigiri (${menuParts(party)}); ${kinds.length} chosen.` };
        sheet.menu = kinds;
      } else if (menuSel.value) {
        sheet.menu = menuSel.value;
      } else {
        return { error: 'Choose the menu played.' };
      }
    } else if (g === 'sushi-roll') {
      for (const key of ['puddings', 'menus', 'chopsticks']) {
        const vals = range(0, n - 1).map((s) => num(`${key}-${s}`));
        if (vals.every((v) => v === null)) continue;
        if (vals.some((v) => Number.isNaN(v) || (v !== null && v < 0))) return { error: `The ${key} tokens are whole numbers, 0 or more.` };
        sheet[key] = vals.map((v) => v || 0);
      }
    }
    return { sheet };
  }

  build();
  return form;
}

/** The result of POST /api/score (docs/score-calculator.md, "Output"): Party adds
 * `menu`, Sushi Roll `menus`, `chopsticks` and `token_scores`; `dessert_scores`,
 * `token_scores` and `winners` are null until the game is complete. */
function renderScore(el, res) {
  const { names, rounds, totals, puddings } = res;
  const isRoll = res.game === 'sushi-roll';
  const isParty = res.game === 'sushi-go-party';
  const signed = (v) => (typeof v === 'number' ? (v > 0 ? `+${v}` : String(v)) : '—');

  // Each player's total first, then how it was made (a narrow screen scrolls the
  // breakdown sideways inside the table's box, never the page).
  const head = ['Player', 'Total', ...rounds.map((r) => `R${r.round}`), isParty ? 'Desserts' : 'Puddings', 'Pts'];
  if (isRoll) head.push('Menus + chop.', 'Pts');
  const body = names.map((nm, p) => {
    const row = [nm, totals[p], ...rounds.map((r) => r.scores[p]), puddings[p], signed(res.dessert_scores?.[p])];
    if (isRoll) {
      const m = res.menus?.[p];
      const c = res.chopsticks?.[p];
      row.push(m !== undefined || c !== undefined ? `${m ?? '?'}+${c ?? '?'}` : '—', signed(res.token_scores?.[p]));
    }
    return row;
  });

  const kids = [h('h2', { id: 'h-result' }, res.complete ? 'Final scores' : 'Scores so far')];
  if (isParty) {
    kids.push(h('p', { class: 'small' }, `Menu: ${res.menu.name} (${res.menu.kinds.map(prettyKey).join(', ')})`));
  }
  kids.push(table(head, body, 'score-totals', 'Scores by round, desserts and totals'));
  if (res.winners) {
    const { winners } = res;
    const best = Math.max(...totals);
    kids.push(h('p', { id: 'score-winners', class: 'winners' },
      winners.length === 1 ? `Winner: ${winners[0]}` : `Shared win: ${winners.join(' and ')}`,
      ` with ${best} points.`));
  } else if (res.leaders.length) {
    kids.push(h('p', { id: 'score-winners', class: 'winners' },
      `Leading: ${res.leaders.join(' and ')}. `,
      h('span', { class: 'small muted' }, isRoll ? 'Game-end points are scored once all three rounds and the menu and chopsticks tokens are given.' : 'Dessert points are scored once all three rounds are given.')));
  }
  const { warnings } = res;
  if (warnings.length) {
    kids.push(h('div', { class: 'warnings', role: 'note' },
      h('h3', null, warnings.length === 1 ? 'Warning' : 'Warnings'),
      h('ul', null, warnings.map((w) => h('li', null, w)))));
  }

  for (const r of rounds) {
    const bd = r.breakdown;
    const keys = [];
    for (const b of bd) for (const k of Object.keys(b)) if (!keys.includes(k)) keys.push(k);
    const used = keys.filter((k) => bd.some((b) => b[k]));
    const cols = used.length ? used : keys;
    const rows = names.map((nm, p) => [nm, ...cols.map((k) => bd[p][k] ?? 0), r.scores[p]]);
    const cards = r.cards || r.trays;
    const uramaki = r.uramaki_scored || [];
    kids.push(h('details', { class: 'round-details', open: rounds.length === 1 },
      h('summary', null, `Round ${r.round}: breakdown`),
      table(['Player', ...cols.map(prettyKey), 'Round'], rows, `score-round-${r.round}`, `Round ${r.round} points by card family`),
      h('ul', { class: 'small cards-list' }, names.map((nm, p) => h('li', null, h('strong', null, `${nm}: `), cards[p].join(', ') || '(nothing)'))),
      uramaki.some((v) => v) ? h('p', { class: 'small' }, `Uramaki scored during the round: ${names.map((nm, p) => `${nm} ${uramaki[p]}`).join(', ')}`) : null));
  }
  el.replaceChildren(...kids);
}

function table(head, rows, id, caption) {
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': caption },
    h('table', { id, class: 'score-table' },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', null, h('tr', null, head.map((c, i) => h('th', { scope: 'col', class: i ? 'num' : null }, c)))),
      h('tbody', null, rows.map((r) => h('tr', null, r.map((c, i) => (i ? h('td', { class: i === 1 && head[1] === 'Total' ? 'num total' : 'num' }, String(c)) : h('th', { scope: 'row' }, String(c)))))))));
}
