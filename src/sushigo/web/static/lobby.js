/*
 * The lobby (/): "Play against bots" in one click per game, the create-table form,
 * then the public tables apart: waiting for players (Join, Watch), games in progress
 * (Watch) and finished games (Replay) (GET /api/tables, every 4 s while the page is
 * seen; docs/web.md, "The lobby"). Private tables (the default) are never listed:
 * their link is the way in. Abandoned tables are not shown.
 *
 * "Play against bots" sends
 *   POST /api/quick   {"game": "sushi-go", "players": 3, "name": "Ann"}
 *                     (a Party menu from the rules page: "options": {"menu": "master-menu"})
 * and opens /t/<id> with the seat's token kept, as a created table does.
 *
 * Creating a table sends
 *   POST /api/tables  {"game": "sushi-go", "players": 3,
 *                      "options": {"pass_both_ways": false, "soy_sauce": true, ...}
 *                                 | {"menu": "master-menu"} | {"menu": "random"}
 *                                 | {"menu": [roll, app, app, app, special, special, dessert]}
 *                                 | {} (sushi-roll),
 *                      "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
 *                                {"kind": "bot", "bot": "mcts", "level": 3}, ...],
 *                      "timer": 0 | 15 | ..., "name": "Ann",
 *                      "public": false (the "List in the lobby" box, off by default)}
 * and opens the table's page with the token kept, where the invite link is shown.
 * "Random" and "Custom" menus are offered by this page itself.
 *
 * DOM hooks (for end-to-end tests): #quick (button.quick[data-game=<game>], its
 * players select select.quick-players[data-game=<game>], #quick-name, #quick-error),
 * #create-form (game, players, variant checkboxes name="variant" value=<key>, menu,
 * custom-rolls / custom-appetizers / custom-specials / custom-desserts, seat-1..,
 * seat-1-level.., timer, name, public), #create, #create-error, #tables (holding
 * #waiting and #playing) li[data-table=<id>] a.join / a.watch, #games (finished:
 * a.replay).
 */

import {
  api, fits, gameTitle, getOptions, getToken, menuFits, menuParts, savedName, saveName, setToken,
} from './api.js';
import { drawCard } from './cards.js';
import { $, enc, h, main, prettyKey, range } from './dom.js';

/** What the lobby and the rules pages say of each game, and the cards on its tile. */
export const GAMES = {
  'sushi-go': {
    blurb: 'The classic: pick a card, pass the hand, and build the best meal in three rounds.',
    players: 3,
    art: [
      { id: 'tempura', label: 'Tempura', colour: 'purple' },
      { id: 'squid-nigiri', label: 'Squid nigiri', colour: 'yellow', pip: 3 },
      { id: 'maki-3', label: 'Maki 3', colour: 'red', pip: 3 },
    ],
  },
  'sushi-go-party': {
    blurb: 'Choose a menu of eight kinds of card, for 2 to 8 players: rolls, appetizers, specials and desserts.',
    players: 4,
    art: [
      { id: 'uramaki', label: 'Uramaki', colour: 'uramaki', pip: 4 },
      { id: 'onigiri-triangle', label: 'Onigiri', colour: 'onigiri' },
      { id: 'takeout-box', label: 'Takeout box', colour: 'takeout-box' },
    ],
  },
  'sushi-roll': {
    blurb: 'The dice game: roll the dice on your conveyor belt, take one, and pass the belts along.',
    players: 3,
    art: [
      { id: 'dumpling', label: 'Dumpling', colour: 'blue', die: true },
      { id: 'maki-2', label: 'Maki 2', colour: 'red', pip: 2, die: true },
      { id: 'wasabi+squid-nigiri', label: 'Wasabi+Squid', colour: 'yellow', die: true },
    ],
  },
};

/** The games in the order the site shows them, with their titles where options are not known. */
export const GAME_ORDER = [
  ['sushi-go', 'Sushi Go!'], ['sushi-go-party', 'Sushi Go Party!'], ['sushi-roll', 'Sushi Roll'],
];

/** A few cards of a game, drawn as decoration (hidden from screen readers). */
export function gameArt(game) {
  const info = GAMES[game];
  if (!info) return null;
  return h('div', { class: 'pg-art', 'aria-hidden': 'true' },
    info.art.map((a) => drawCard({ ...a, ids: [a.id], name: a.label, size: 'table' })));
}

/** "Play against bots": a table with bots in every other seat, the game begun; opens it.
 * Resolves to an error sentence if the server refused (the page stays). */
export async function quickPlay({ game, players, name, options }) {
  const body = { game, players, name: name || savedName() || 'Player 1' };
  if (options) body.options = options;
  const r = await api('/api/quick', { method: 'POST', body });
  if (!r.ok) return r.error || 'The game could not be started.';
  setToken(r.data.id, r.data.token);
  location.assign(`/t/${enc(r.data.id)}`);
  return null;
}

const playersText = (n) => `${n} player${n === 1 ? '' : 's'}`;

/** The Party menu "Play against bots" plays with `count` players: the server's own choice
 * (the Master Menu) when it may be played by that many, else the first suggested menu
 * that may (the Master Menu needs 3 players or more). Null: no menu to send. */
export function quickMenu(game, count) {
  if (!game || !Array.isArray(game.menus) || !game.menus.length) return null;
  const ok = (m) => fits(m.players, count) && (!game.limits || menuFits(game, m.kinds, count));
  const master = game.menus.find((m) => m.key === 'master-menu');
  return (master && ok(master) ? master : game.menus.find(ok)) || null;
}

export function lobbyPage() {
  document.title = 'Sushi Go! — play online';
  const quickSlot = h('div', { class: 'pg-quick-slot' }, h('p', { class: 'muted' }, 'Loading the games…'));
  const formSlot = h('div', { id: 'create-slot' }, h('p', { class: 'muted' }, 'Loading the options…'));
  const waitingEl = h('div', { id: 'waiting', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading tables…'));
  const playingEl = h('div', { id: 'playing', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Loading games…'));
  const gamesEl = h('div', { id: 'games' }, h('p', { class: 'muted' }, 'Loading games…'));
  const count = (id) => h('span', { class: 'pg-count', id, 'aria-hidden': 'true' });
  const waitingCount = count('waiting-count');
  const playingCount = count('playing-count');
  const gamesCount = count('games-count');

  main.replaceChildren(
    h('section', { id: 'quick', class: 'pg-quick', 'aria-labelledby': 'h-quick' },
      h('div', { class: 'pg-quick-head' },
        h('div', null,
          h('h1', { id: 'h-quick' }, 'Play Sushi Go! online'),
          h('p', { class: 'pg-lead' }, 'Start a game against bots in one click, or open a table for friends to join.'))),
      quickSlot),
    h('div', { class: 'lobby pg-lobby' },
      h('div', { id: 'tables', class: 'pg-tables', 'aria-live': 'polite' },
        h('section', { class: 'card', 'aria-labelledby': 'h-waiting' },
          h('h2', { id: 'h-waiting' }, 'Waiting for players', waitingCount), waitingEl),
        h('section', { class: 'card', 'aria-labelledby': 'h-playing' },
          h('h2', { id: 'h-playing' }, 'Games in progress', playingCount), playingEl)),
      h('section', { class: 'card pg-create', 'aria-labelledby': 'h-create' },
        h('h2', { id: 'h-create' }, 'Create a table'),
        h('p', { class: 'muted small' }, 'Choose the game, the seats (people or bots) and a turn timer; send the table’s invite link to your friends.'),
        formSlot),
      h('section', { class: 'card pg-finished', 'aria-labelledby': 'h-games' },
        h('h2', { id: 'h-games' }, 'Finished games', gamesCount), gamesEl)),
  );

  let opts = null; // the game options, once loaded (the titles)
  const last = {};

  const optionsLoaded = getOptions().then((o) => {
    opts = o;
    quickSlot.replaceChildren(quickPanel(o));
    formSlot.replaceChildren(createForm(o));
  }, (err) => {
    quickSlot.replaceChildren(h('p', { class: 'error', role: 'alert' }, err.message));
    formSlot.replaceChildren(h('p', { id: 'options-error', class: 'error', role: 'alert' }, err.message));
  });

  /** Draw a region again only when its data changed (keeping the keyboard's focus). */
  function update(key, el, data, render) {
    const json = JSON.stringify(data);
    if (json === last[key]) return;
    last[key] = json;
    keepFocus(el, () => render());
  }

  async function refresh() {
    const [t] = await Promise.all([api('/api/tables'), optionsLoaded]);
    for (const el of [waitingEl, playingEl]) el.setAttribute('aria-busy', 'false');
    if (!t.ok) {
      if (last.waiting === undefined) {
        for (const el of [waitingEl, playingEl, gamesEl]) el.replaceChildren(h('p', { class: 'error' }, t.error));
      }
      return;
    }
    const d = t.data;
    // A server from before the lobby's sections: its tables, split here.
    const tables = d.tables ?? [];
    const waiting = d.waiting ?? tables.filter((x) => x.status === 'waiting');
    const playing = d.playing ?? tables.filter((x) => x.status !== 'waiting');
    const finished = d.finished ?? [];
    waitingCount.textContent = waiting.length ? String(waiting.length) : '';
    playingCount.textContent = playing.length ? String(playing.length) : '';
    gamesCount.textContent = finished.length ? String(finished.length) : '';
    update('waiting', waitingEl, waiting, () => renderTables(waitingEl, waiting, 'waiting'));
    update('playing', playingEl, playing, () => renderTables(playingEl, playing, 'playing'));
    update('finished', gamesEl, finished, () => renderGames(gamesEl, finished, opts));
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
  const open = [...region.querySelectorAll('details[open][data-key]')].map((d) => d.getAttribute('data-key'));
  render();
  for (const k of open) {
    const d = region.querySelector(`details[data-key="${CSS.escape(k)}"]`);
    if (d) d.open = true;
  }
  if (key) {
    const again = region.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

// --- "Play against bots" ------------------------------------------------------

function quickPanel(opts) {
  const errorEl = h('p', { id: 'quick-error', class: 'error', role: 'alert' });
  const nameIn = h('input', {
    id: 'quick-name', name: 'quick-name', type: 'text', autocomplete: 'nickname', maxlength: '24',
    value: savedName(), placeholder: 'Your name',
  });
  const tiles = opts.games.map((g) => {
    const info = GAMES[g.name] || { blurb: '', players: g.players[0] };
    const [lo, hi] = g.players;
    const want = Math.min(hi, Math.max(lo, info.players));
    const sid = `quick-players-${g.name}`;
    const playersSel = h('select', { id: sid, class: 'quick-players', 'data-game': g.name },
      range(lo, hi).map((n) => h('option', { value: String(n) }, playersText(n))));
    playersSel.value = String(want);
    const menuNote = g.menus ? h('p', { class: 'pg-game-menu small' }) : null;
    const showMenu = () => {
      if (!menuNote) return;
      const m = quickMenu(g, parseInt(playersSel.value, 10) || want);
      menuNote.textContent = m ? `Menu: ${m.name}` : 'Menu: drawn at random';
    };
    playersSel.addEventListener('change', showMenu);
    showMenu();
    const button = h('button', {
      type: 'button', class: 'primary quick', 'data-game': g.name, 'aria-describedby': `quick-title-${g.name}`,
    }, 'Play against bots');
    button.addEventListener('click', async () => {
      errorEl.textContent = '';
      const name = nameIn.value.trim().replace(/\s+/g, ' ');
      saveName(name);
      for (const b of document.querySelectorAll('button.quick')) b.disabled = true;
      button.textContent = 'Starting…';
      const players = parseInt(playersSel.value, 10) || want;
      let options;
      if (g.menus) {
        const m = quickMenu(g, players);
        options = { menu: m ? m.key : 'random' };
      }
      const error = await quickPlay({ game: g.name, players, name, options });
      if (error) {
        errorEl.textContent = error;
        for (const b of document.querySelectorAll('button.quick')) b.disabled = false;
        button.textContent = 'Play against bots';
      }
    });
    return h('article', { class: 'pg-game', 'data-game': g.name },
      gameArt(g.name),
      h('div', { class: 'pg-game-text' },
        h('h2', { id: `quick-title-${g.name}` }, g.title),
        h('p', { class: 'pg-game-meta' }, `${lo} to ${hi} players · 3 rounds`),
        info.blurb ? h('p', { class: 'pg-game-blurb' }, info.blurb) : null,
        menuNote),
      h('div', { class: 'pg-game-play' },
        h('label', { for: sid, class: 'visually-hidden' }, `${g.title}: players (you and bots)`),
        playersSel, button),
      h('a', { class: 'pg-rules-link', href: `/rules/${enc(g.name)}` }, `How to play ${g.title}`));
  });
  return h('div', null,
    h('div', { class: 'pg-name field inline' },
      h('label', { for: 'quick-name' }, 'Your name'), nameIn),
    h('div', { class: 'pg-games' }, tiles),
    errorEl);
}

// --- the tables -----------------------------------------------------------------

function seatNames(t) {
  return t.seats.filter((s) => !s.free).map((s) => (s.kind === 'bot' ? `${s.name} (bot)` : s.name));
}

function timerText(t) {
  return t.timer ? `${t.timer} s per turn` : null;
}

/** Waiting tables (Join, Watch) or games in progress (Watch): table summaries. */
function renderTables(el, tables, which) {
  if (!tables.length) {
    el.replaceChildren(h('p', { class: 'pg-empty' }, which === 'waiting'
      ? 'No public table is waiting for players. Create one for your friends (its invite link brings them in), or play against bots above.'
      : 'No game is being played right now.'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const t of tables) {
    const { id, players, free, status } = t;
    const mine = !!getToken(id);
    const actions = [];
    if (mine) {
      actions.push(h('a', { class: 'button primary resume', href: `/t/${enc(id)}`, 'data-key': `resume-${id}`, 'aria-label': `Back to your seat at table ${id}` }, 'Resume'));
    } else if (free > 0 && status === 'waiting') {
      actions.push(h('a', { class: 'button primary join', href: `/t/${enc(id)}?join=1`, 'data-key': `join-${id}`, 'aria-label': `Join table ${id}` }, 'Join'));
    }
    actions.push(h('a', { class: 'button watch', href: `/t/${enc(id)}?watch=1`, 'data-key': `watch-${id}`, 'aria-label': `Watch table ${id}` }, 'Watch'));
    const names = seatNames(t);
    const away = t.seats.filter((s) => s.kind === 'human' && !s.free && s.away_since && !s.stand_in).length;
    const facts = [playersText(players), timerText(t)];
    if (which === 'playing' && away) facts.push(`${away} away`);
    list.append(h('li', { class: 'table-row', 'data-table': id, 'data-status': status },
      h('div', { class: 'table-main' },
        h('div', { class: 'pg-row-title' },
          h('strong', null, t.title),
          mine ? h('span', { class: 'badge pg-you' }, 'Your table') : null,
          which === 'waiting' && free ? h('span', { class: 'badge status-waiting' }, `${free} free`) : null),
        describeOptions(t) ? h('div', { class: 'muted small' }, describeOptions(t)) : null,
        h('div', { class: 'small' }, names.length ? names.join(', ') : 'No one seated yet'),
        h('div', { class: 'muted small' }, facts.filter(Boolean).join(' · '))),
      h('div', { class: 'table-actions' }, actions)));
  }
  el.replaceChildren(list);
}

/** The table's options in words: the description less its title and player count
 * ("Sushi Go!, 3 players, pass_both_ways" -> "Pass both ways"). */
function describeOptions(t) {
  return String(t.description || '').split(', ').slice(1)
    .filter((p) => !/^\d+ players?$/.test(p))
    .map((p) => (/^[a-z_-]+$/.test(p) ? prettyKey(p) : p.replace(/^(.+) menu$/, 'Menu: $1')))
    .join(', ');
}

function whenText(epoch) {
  const when = new Date(epoch * 1000);
  if (Number.isNaN(when.getTime())) return '';
  const ago = (Date.now() - when.getTime()) / 1000;
  if (ago >= 0 && ago < 60) return 'just now';
  if (ago >= 0 && ago < 3600) return `${Math.round(ago / 60)} min ago`;
  const sameDay = when.toDateString() === new Date().toDateString();
  return sameDay ? `today ${when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
    : when.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** The finished games: names, scores and winners may be null. */
function renderGames(el, games, opts) {
  if (!games.length) {
    el.replaceChildren(h('p', { class: 'pg-empty' }, 'No finished games yet. Games appear here, with their replays, once they are over.'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const g of games.slice(0, 50)) {
    const names = g.names ?? [];
    const winners = (g.winners ?? []).map((w) => names[w] ?? `Seat ${w + 1}`);
    const scores = g.final_scores ?? [];
    const game = g.config && g.config.game;
    const when = whenText(g.finished);
    list.append(h('li', { class: 'table-row', 'data-game-id': g.id },
      h('div', { class: 'table-main' },
        h('div', { class: 'pg-row-title' },
          h('strong', null, opts ? gameTitle(opts, game) : game),
          when ? h('span', { class: 'muted small' }, when) : null),
        h('div', { class: 'small' }, names.map((n, i) => (scores[i] !== undefined && scores[i] !== null ? `${n} ${scores[i]}` : n)).join(', ')),
        winners.length ? h('div', { class: 'small pg-winner' }, `Winner: ${winners.join(' and ')}`) : null),
      h('div', { class: 'table-actions' },
        h('a', { class: 'button replay', href: `/replay/${enc(g.id)}`, 'data-key': `replay-${g.id}`, 'aria-label': `Replay game ${g.id}` }, 'Replay'))));
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
  const publicBox = h('input', { type: 'checkbox', id: 'c-public', name: 'public', 'aria-describedby': 'c-public-note' });
  const publicNote = h('p', { id: 'c-public-note', class: 'muted small' });
  const showPublic = () => {
    publicNote.textContent = publicBox.checked
      ? 'Anyone can find this table in the lobby and join or watch it. You will get its invite link too.'
      : 'Private: only people with the table’s invite link can join or watch. The link is shown on the table’s page, ready to copy.';
  };
  publicBox.addEventListener('change', showPublic);
  showPublic();
  const submit = h('button', { id: 'create', type: 'submit', class: 'primary' }, 'Create table');

  const form = h('form', { id: 'create-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'c-game' }, 'Game'), gameSel),
    h('div', { class: 'field' }, h('label', { for: 'c-players' }, 'Players'), playersSel),
    variantsBox, menuBox, seatsBox,
    h('div', { class: 'field' }, h('label', { for: 'c-timer' }, 'Turn timer'), timerSel),
    h('div', { class: 'field' }, h('label', { for: 'c-name' }, 'Your name'), nameIn),
    h('div', { class: 'check' }, publicBox, h('label', { for: 'c-public' }, 'List in the lobby')),
    publicNote,
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
    // a bot that plays some games or tables only (the learned bot: 2-player Sushi Go!)
    // is offered for those
    const bots = opts.bots.filter((b) => (!b.games || b.games.includes(gameSel.value))
      && (!b.players || (count() >= b.players[0] && count() <= b.players[1])));
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
      public: publicBox.checked,
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
