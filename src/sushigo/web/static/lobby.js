/*
 * The lobby (/): the create-table form, the open tables and the finished games
 * (GET /api/tables and GET /api/games, every 4 s while the page is seen).
 *
 * Creating a table sends
 *   POST /api/tables  {"game": "sushi-go", "players": 3,
 *                      "options": {"pass_both_ways": false, "soy_sauce": true, ...}
 *                                 | {"menu": "master-menu"} | {"menu": "random"}
 *                                 | {"menu": [roll, app, app, app, special, special, dessert]}
 *                                 | {} (sushi-roll),
 *                      "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
 *                                {"kind": "bot", "bot": "mcts", "level": 3}, ...],
 *                      "timer": 0 | 15 | ..., "name": "Ann"}
 * and opens the table's page with the token kept. "Random" and "Custom" menus are
 * offered by this page itself.
 *
 * DOM hooks (for end-to-end tests): #create-form (game, players, variant
 * checkboxes name="variant" value=<key>, menu, custom-rolls / custom-appetizers /
 * custom-specials / custom-desserts, seat-1.., seat-1-level.., timer, name),
 * #create, #create-error, #tables li[data-table=<id>] a.join / a.watch, #games.
 */

import {
  api, fits, gameTitle, getOptions, getToken, menuFits, menuParts, savedName, saveName, setToken,
} from './api.js';
import { $, enc, h, main, prettyKey, range } from './dom.js';

const STATUS_LABEL = { waiting: 'Waiting for players', playing: 'Playing', finished: 'Finished' };

export function lobbyPage() {
  document.title = 'Tables — Sushi Go!';
  const tablesEl = h('div', { id: 'tables', 'aria-live': 'polite', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading tables…'));
  const gamesEl = h('div', { id: 'games' }, h('p', { class: 'muted' }, 'Loading games…'));
  const formSlot = h('div', { id: 'create-slot' }, h('p', { class: 'muted' }, 'Loading the options…'));
  main.replaceChildren(
    h('h1', null, 'Sushi Go! tables'),
    h('div', { class: 'lobby' },
      h('section', { class: 'card', 'aria-labelledby': 'h-create' },
        h('h2', { id: 'h-create' }, 'Create a table'), formSlot),
      h('section', { class: 'card', 'aria-labelledby': 'h-tables' },
        h('h2', { id: 'h-tables' }, 'Open tables'), tablesEl),
      h('section', { class: 'card', 'aria-labelledby': 'h-games' },
        h('h2', { id: 'h-games' }, 'Finished games'), gamesEl)),
  );

  let opts = null; // the game options, once loaded (the finished games' titles)
  let lastTables = null;
  let lastGames = null;

  const optionsLoaded = getOptions().then((o) => {
    opts = o;
    formSlot.replaceChildren(createForm(o));
  }, (err) => {
    formSlot.replaceChildren(h('p', { id: 'options-error', class: 'error', role: 'alert' }, err.message));
  });

  async function refresh() {
    const [t, g] = await Promise.all([api('/api/tables'), api('/api/games'), optionsLoaded]);
    if (t.ok) {
      const key = JSON.stringify(t.data.tables);
      if (key !== lastTables) {
        lastTables = key;
        keepFocus(tablesEl, () => renderTables(tablesEl, t.data.tables));
      }
    } else if (lastTables === null) {
      tablesEl.replaceChildren(h('p', { class: 'error' }, t.error));
    }
    tablesEl.setAttribute('aria-busy', 'false');
    if (g.ok) {
      const key = JSON.stringify(g.data.games);
      if (key !== lastGames) {
        lastGames = key;
        keepFocus(gamesEl, () => renderGames(gamesEl, g.data.games, opts));
      }
    } else if (lastGames === null) {
      gamesEl.replaceChildren(h('p', { class: 'error' }, g.error));
    }
  }

  refresh();
  const timer = setInterval(() => {
    if (document.visibilityState !== 'hidden') refresh();
  }, 4000);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}

/** Re-render a region without losing keyboard focus on an element with data-key. */
function keepFocus(region, render) {
  const active = document.activeElement;
  const key = active && region.contains(active) ? active.getAttribute('data-key') : null;
  render();
  if (key) {
    const again = region.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

/** The open tables: table summaries (docs/web.md, "The lobby"). */
function renderTables(el, tables) {
  if (!tables.length) {
    el.replaceChildren(h('p', { class: 'muted' }, 'No open tables. Create one!'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const t of tables) {
    const { id, players, free, status } = t;
    const mine = !!getToken(id);
    const who = t.seats.filter((s) => !s.free).map((s) => s.name).join(', ');
    const actions = [];
    if (mine && status !== 'finished') {
      actions.push(h('a', { class: 'button primary', href: `/t/${enc(id)}`, 'data-key': `resume-${id}` }, 'Resume'));
    } else if (free > 0 && status === 'waiting') {
      actions.push(h('a', { class: 'button primary join', href: `/t/${enc(id)}?join=1`, 'data-key': `join-${id}`, 'aria-label': `Join table ${id}` }, 'Join'));
    }
    actions.push(h('a', { class: 'button watch', href: `/t/${enc(id)}?watch=1`, 'data-key': `watch-${id}`, 'aria-label': `Watch table ${id}` }, 'Watch'));
    list.append(h('li', { class: 'table-row', 'data-table': id },
      h('div', { class: 'table-main' },
        h('strong', null, t.title),
        ' · ', `${players} players`,
        t.timer ? ` · ${t.timer} s timer` : '',
        h('div', { class: 'muted small' }, who || 'No one seated yet'),
        h('div', { class: 'small' },
          `${players - free} of ${players} seats taken`, free ? `, ${free} free` : '',
          ' · ', h('span', { class: `badge status-${status}` }, STATUS_LABEL[status] || prettyKey(status)))),
      h('div', { class: 'table-actions' }, actions)));
  }
  el.replaceChildren(list);
}

/** The finished games (GET /api/games): names, scores and winners may be null. */
function renderGames(el, games, opts) {
  if (!games.length) {
    el.replaceChildren(h('p', { class: 'muted' }, 'No finished games yet.'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const g of games.slice(0, 50)) {
    const names = g.names ?? [];
    const winners = (g.winners ?? []).map((w) => names[w] ?? `Seat ${w + 1}`);
    const scores = g.final_scores ?? [];
    const when = new Date(g.finished * 1000);
    const whenText = Number.isNaN(when.getTime()) ? '' : when.toLocaleString();
    list.append(h('li', { class: 'table-row' },
      h('div', { class: 'table-main' },
        h('strong', null, opts ? gameTitle(opts, g.config.game) : g.config.game),
        whenText ? h('span', { class: 'muted small' }, ` · ${whenText}`) : '',
        h('div', { class: 'small' }, names.map((n, i) => (scores[i] !== undefined ? `${n} ${scores[i]}` : n)).join(', ')),
        winners.length ? h('div', { class: 'small' }, `Winner: ${winners.join(' and ')}`) : ''),
      h('div', { class: 'table-actions' },
        h('a', { class: 'button', href: `/replay/${enc(g.id)}`, 'data-key': `replay-${g.id}`, 'aria-label': `Replay game ${g.id}` }, 'Replay'))));
  }
  el.replaceChildren(list);
}

function timerLabel(t) {
  if (!t) return 'No timer';
  if (t >= 60 && t % 60 === 0) return `${t / 60} minute${t === 60 ? '' : 's'} per decision`;
  return `${t} seconds per decision`;
}

/** A bot's level chosen at first: the middle one (mcts: 3 of 1 to 5). */
const defaultLevel = (bot) => bot.levels[Math.floor(bot.levels.length / 2)];

// --- the create form -------------------------------------------------------

function createForm(opts) {
  const errorEl = h('p', { id: 'create-error', class: 'error', role: 'alert' });
  const gameSel = h('select', { id: 'c-game', name: 'game' },
    opts.games.map((g) => h('option', { value: g.name }, g.title)));
  const playersSel = h('select', { id: 'c-players', name: 'players' });
  const variantsBox = h('fieldset', { id: 'c-variants', class: 'group' }, h('legend', null, 'Variants'));
  const menuSel = h('select', { id: 'c-menu', name: 'menu' });
  const customBox = h('fieldset', { id: 'c-custom', class: 'group', hidden: true });
  const menuBox = h('div', { id: 'c-menu-box', hidden: true },
    h('div', { class: 'field' }, h('label', { for: 'c-menu' }, 'Menu'), menuSel),
    h('p', { id: 'c-menu-kinds', class: 'muted small' }),
    customBox);
  const seatsBox = h('fieldset', { id: 'c-seats', class: 'group' }, h('legend', null, 'Seats'));
  const timerSel = h('select', { id: 'c-timer', name: 'timer' },
    opts.timers.map((t) => h('option', { value: String(t) }, timerLabel(t))));
  const nameIn = h('input', { id: 'c-name', name: 'name', type: 'text', autocomplete: 'nickname', maxlength: '24', value: savedName(), placeholder: 'Your name' });
  const submit = h('button', { id: 'create', type: 'submit', class: 'primary' }, 'Create table');

  const form = h('form', { id: 'create-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'c-game' }, 'Game'), gameSel),
    h('div', { class: 'field' }, h('label', { for: 'c-players' }, 'Players'), playersSel),
    variantsBox, menuBox, seatsBox,
    h('div', { class: 'field' }, h('label', { for: 'c-timer' }, 'Turn timer'), timerSel),
    h('div', { class: 'field' }, h('label', { for: 'c-name' }, 'Your name'), nameIn),
    errorEl, submit);

  const seatChoices = {}; // seat index -> {kind, level}
  const game = () => opts.games.find((g) => g.name === gameSel.value);
  const count = () => parseInt(playersSel.value, 10) || game().players[0];

  function buildPlayers() {
    const prev = parseInt(playersSel.value, 10);
    const [lo, hi] = game().players;
    playersSel.replaceChildren(...range(lo, hi).map((n) => h('option', { value: String(n) }, String(n))));
    const want = Number.isFinite(prev) ? Math.min(hi, Math.max(lo, prev)) : Math.min(hi, Math.max(lo, 3));
    playersSel.value = String(want);
  }

  function buildVariants() {
    const variants = game().variants ?? [];
    const checked = new Set([...variantsBox.querySelectorAll('input:checked')].map((i) => i.value));
    variantsBox.replaceChildren(h('legend', null, 'Variants'));
    variantsBox.hidden = !variants.length;
    for (const v of variants) {
      const id = `c-variant-${v.key}`;
      const ok = fits(v.players, count());
      variantsBox.append(h('div', { class: 'check' },
        h('input', { type: 'checkbox', id, name: 'variant', value: v.key, checked: ok && checked.has(v.key), disabled: !ok }),
        h('label', { for: id }, v.text[0].toUpperCase() + v.text.slice(1),
          v.players && !ok ? ` (${v.players[0] === v.players[1] ? v.players[0] : `${v.players[0]}–${v.players[1]}`} players only)` : '')));
    }
  }

  function buildMenus() {
    const g = game();
    menuBox.hidden = !g.menus;
    if (!g.menus) return;
    const n = count();
    const prev = menuSel.value;
    const items = g.menus.map((m) => {
      const ok = fits(m.players, n) && menuFits(g, m.kinds, n);
      return h('option', { value: m.key, disabled: !ok }, m.name + (ok ? '' : ` (${m.players[0]}–${m.players[1]} players)`));
    });
    items.push(h('option', { value: 'random' }, 'Random menu'));
    items.push(h('option', { value: 'custom' }, 'Custom menu…'));
    menuSel.replaceChildren(...items);
    const usable = [...menuSel.options].filter((o) => !o.disabled).map((o) => o.value);
    menuSel.value = usable.includes(prev) ? prev : (usable[0] || 'random');
    buildCustom();
    showMenu();
  }

  function buildCustom() {
    const g = game();
    const n = count();
    const kept = new Set([...customBox.querySelectorAll('input:checked')].map((i) => i.value));
    for (const sel of customBox.querySelectorAll('select')) kept.add(sel.value);
    customBox.replaceChildren(h('legend', null, `Custom menu: nigiri, ${menuParts(g)}`));
    for (const c of g.categories) {
      const kinds = g.kinds[c.key];
      const ok = (k) => fits(g.limits[k], n);
      if (c.count === 1) {
        const id = `c-custom-${c.key}`;
        const sel = h('select', { id, name: `custom-${c.key}` }, kinds.map((k) => h('option', { value: k, disabled: !ok(k) },
          prettyKey(k) + (ok(k) ? '' : ' (not for this many players)'))));
        const keep = kinds.find((k) => kept.has(k) && ok(k)) || kinds.find(ok);
        if (keep) sel.value = keep;
        customBox.append(h('div', { class: 'field' }, h('label', { for: id }, c.label), sel));
      } else {
        const box = h('fieldset', { class: 'group inner' }, h('legend', null, `${c.label} (choose ${c.count})`));
        for (const k of kinds) {
          const id = `c-custom-${c.key}-${k}`;
          box.append(h('div', { class: 'check' },
            h('input', { type: 'checkbox', id, name: `custom-${c.key}`, value: k, checked: ok(k) && kept.has(k), disabled: !ok(k) }),
            h('label', { for: id }, prettyKey(k) + (ok(k) ? '' : ' (not for this many players)'))));
        }
        customBox.append(box);
      }
    }
  }

  function showMenu() {
    const v = menuSel.value;
    customBox.hidden = v !== 'custom';
    const m = game().menus.find((x) => x.key === v);
    // a menu's kinds begin with nigiri
    $('#c-menu-kinds', form).textContent = m ? m.kinds.map(prettyKey).join(', ')
      : (v === 'random' ? 'A random legal menu is drawn when the table is created.' : '');
  }

  function customKinds() {
    const out = [];
    const problems = [];
    for (const c of game().categories) {
      let chosen;
      if (c.count === 1) {
        const sel = customBox.querySelector(`select[name="custom-${c.key}"]`);
        chosen = sel.value ? [sel.value] : [];
      } else {
        chosen = [...customBox.querySelectorAll(`input[name="custom-${c.key}"]:checked`)].map((i) => i.value);
      }
      if (chosen.length !== c.count) problems.push(`${c.count} ${c.label.toLowerCase()} (${chosen.length} chosen)`);
      out.push(...chosen);
    }
    return { kinds: out, problems };
  }

  function buildSeats() {
    const bots = opts.bots;
    for (const sel of seatsBox.querySelectorAll('select[data-seat]')) {
      const i = +sel.dataset.seat;
      const lvl = seatsBox.querySelector(`select[name="seat-${i}-level"]`);
      seatChoices[i] = { kind: sel.value, level: lvl ? lvl.value : undefined };
    }
    seatsBox.replaceChildren(h('legend', null, 'Seats'),
      h('p', { class: 'small' }, 'Seat 1: you'));
    for (let i = 1; i < count(); i++) {
      const prev = seatChoices[i] || { kind: 'greedy' };
      const sid = `c-seat-${i}`;
      const sel = h('select', { id: sid, name: `seat-${i}`, 'data-seat': String(i) },
        h('option', { value: 'human' }, 'Human (invite someone)'),
        bots.map((b) => h('option', { value: b.name }, `${b.title} bot`)));
      sel.value = [...sel.options].some((o) => o.value === prev.kind) ? prev.kind : 'human';
      const lid = `c-seat-${i}-level`;
      const levelWrap = h('span', { class: 'level' });
      const row = h('div', { class: 'seat-row' },
        h('label', { for: sid }, `Seat ${i + 1}`), sel, levelWrap);
      const updateLevel = () => {
        const bot = bots.find((b) => b.name === sel.value);
        if (bot && bot.levels) {
          const old = levelWrap.querySelector('select');
          const keep = old ? old.value : (prev.level || String(defaultLevel(bot)));
          const lsel = h('select', { id: lid, name: `seat-${i}-level` },
            bot.levels.map((l) => h('option', { value: String(l) }, `Level ${l}`)));
          lsel.value = bot.levels.map(String).includes(String(keep)) ? String(keep) : String(defaultLevel(bot));
          levelWrap.replaceChildren(h('label', { for: lid, class: 'visually-hidden' }, `Seat ${i + 1} bot level`), lsel);
        } else {
          levelWrap.replaceChildren();
        }
      };
      sel.addEventListener('change', updateLevel);
      updateLevel();
      seatsBox.append(row);
    }
  }

  function rebuildAll() {
    buildPlayers();
    buildVariants();
    buildMenus();
    buildSeats();
  }

  gameSel.addEventListener('change', () => { errorEl.textContent = ''; rebuildAll(); });
  playersSel.addEventListener('change', () => { errorEl.textContent = ''; buildVariants(); buildMenus(); buildSeats(); });
  menuSel.addEventListener('change', showMenu);

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errorEl.textContent = '';
    const g = game();
    const players = count();
    const options = {};
    for (const v of g.variants ?? []) {
      const box = variantsBox.querySelector(`input[value="${CSS.escape(v.key)}"]`);
      if (!box.disabled) options[v.key] = box.checked;
    }
    if (g.menus) {
      if (menuSel.value === 'custom') {
        const { kinds, problems } = customKinds();
        if (problems.length) {
          errorEl.textContent = `A custom menu needs ${problems.join(', ')}.`;
          return;
        }
        options.menu = kinds;
      } else {
        options.menu = menuSel.value || 'random';
      }
    }
    const seats = [{ kind: 'human' }];
    for (let i = 1; i < players; i++) {
      const kind = seatsBox.querySelector(`select[name="seat-${i}"]`).value;
      if (kind === 'human') {
        seats.push({ kind: 'human' });
      } else {
        const seat = { kind: 'bot', bot: kind };
        const lvl = seatsBox.querySelector(`select[name="seat-${i}-level"]`);
        if (lvl && lvl.value !== '') seat.level = parseInt(lvl.value, 10);
        seats.push(seat);
      }
    }
    const name = nameIn.value.trim().replace(/\s+/g, ' ');
    saveName(name);
    const body = {
      game: g.name,
      players,
      options,
      seats,
      timer: parseInt(timerSel.value, 10) || 0,
      name: name || 'Player 1',
    };
    submit.disabled = true;
    submit.textContent = 'Creating…';
    const r = await api('/api/tables', { method: 'POST', body });
    submit.disabled = false;
    submit.textContent = 'Create table';
    if (!r.ok) {
      errorEl.textContent = r.error;
      return;
    }
    setToken(r.data.id, r.data.token);
    location.assign(`/t/${enc(r.data.id)}`);
  });

  rebuildAll();
  return form;
}
