/*
 * sushigo web front end: the lobby (/), a table (/t/{id}), a replay
 * (/replay/{id}) and the score calculator (/score). Plain ES module, no build.
 * The protocol is docs/web.md; the board is drawn by /static/board.js
 * (renderBoard(container, frame, {names, onAct, catalog})).
 *
 * GET /api/options is expected to answer (every field optional; the built-in
 * DEFAULT_OPTIONS below is used for whatever is missing):
 *
 * {"games": [
 *    {"name": "sushi-go", "title": "Sushi Go!", "players": [2, 5],
 *     "variants": [{"key": "pass_both_ways", "text": "rounds 1 and 3 pass left, ...",
 *                   "players": [2, 5]},          // optional: player counts it allows
 *                  {"key": "dummy", "text": "...", "players": [2, 2]}, ...]},
 *    {"name": "sushi-go-party", "title": "Sushi Go Party!", "players": [2, 8],
 *     "variants": [],
 *     "menus": [{"key": "master-menu", "name": "Master Menu", "players": [3, 8],
 *                "kinds": ["temaki", "onigiri", "tofu", "sashimi", "spoon",
 *                          "takeout-box", "fruit"]}, ...],   // the suggested menus
 *                          // ("nigiri" in kinds is allowed and ignored)
 *     "kinds": {"rolls": ["maki", "temaki", "uramaki"],
 *               "appetizers": ["tempura", ...], "specials": ["chopsticks", ...],
 *               "desserts": ["pudding", "green-tea-ice-cream", "fruit"]},
 *               // a kind is a key string or {"key", "name", "players": [lo, hi]}
 *     "limits": {"menu": [2, 6], "special-order": [2, 6], "spoon": [3, 8],
 *                "edamame": [3, 8]}},                        // kinds not 2-8 players
 *    {"name": "sushi-roll", "title": "Sushi Roll", "players": [2, 5], "variants": []}],
 *  "bots": [{"name": "random", "title": "Random"}, {"name": "greedy", "title": "Greedy"},
 *           {"name": "mcts", "title": "MCTS", "levels": [1, 2, 3, 4, 5], "level": 3}],
 *  "timers": [0, 15, 30, 60, 120, 300]}
 * A bare list (e.g. "games": ["sushi-go", ...]) is also understood.
 * "Random" and "Custom" menus are offered by this page itself.
 *
 * Requests this page sends:
 *   POST /api/tables  {"game": "sushi-go", "players": 3,
 *                      "options": {"pass_both_ways": false, "soy_sauce": true, ...}
 *                                 | {"menu": "master-menu"} | {"menu": "random"}
 *                                 | {"menu": [roll, app, app, app, special, special, dessert]}
 *                                 | {} (sushi-roll),
 *                      "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
 *                                {"kind": "bot", "bot": "mcts", "level": 3}, ...],
 *                      "timer": 0 | 15 | ..., "name": "Ann"}
 *                     -> {"id", "seat", "token"}; 400 {"error"}
 *   POST /api/tables/{id}/join {"name": "Ben"} -> {"seat", "token"}
 *   POST /api/score   the score sheet of docs/score-calculator.md
 *   WebSocket /ws/{id}: {"type": "join", "token"?}, {"type": "act", "action", "step"},
 *                       {"type": "hint"}, {"type": "rematch"}, {"type": "ping"}
 *
 * Seat tokens: localStorage "sushigo.token.<tableId>"; the last name typed:
 * "sushigo.name"; the score sheet being typed: "sushigo.score".
 *
 * What the table page reads besides docs/web.md: welcome.table = the table's
 * summary (GET /api/tables/{id}: id, game, players, status, seats, free, rematch)
 * plus "catalog"; state.seats[i] = {seat, name, kind, bot, free, connected};
 * state.decided (seats that chose this step), state.rematch (the rematch table's
 * id), frame.to_act, frame.legal, frame.final.winners. The ack's "step" is not
 * relied on (the step an act was sent for is). Error codes handled: bad_token
 * (forget the token, watch), replaced (the seat opened elsewhere: stop
 * reconnecting, offer "Use this seat here"), no_table (stop).
 * GET /api/tables/{id}/replay may carry "catalog" for the board.
 * /t/{id}?join=1 focuses the take-a-seat form; /t/{id}?watch=1 hides it.
 *
 * DOM hooks (for end-to-end tests): lobby #create-form (game, players, variant
 * checkboxes name="variant" value=<key>, menu, custom-rolls / custom-appetizers /
 * custom-specials / custom-desserts, seat-1.., seat-1-level.., timer, name),
 * #create, #create-error, #tables li[data-table=<id>] a.join / a.watch, #games;
 * table #status, #countdown, #error, #seats, #board, #hint, #hints, #rematch,
 * #rematch-link, #replay-link, #record-link, #take-seat (name), #watch, #sit,
 * #use-here, #share-url, #copy; replay #prev, #next, #slider, #step,
 * #step-actions, #board, #record-link; score #score-form, #score-submit,
 * #score-error, #score-result (#score-totals, #score-winners, #score-round-N).
 */

// ---------------------------------------------------------------------------
// Defaults (the shape of GET /api/options)

const DEFAULT_OPTIONS = {
  games: [
    {
      name: 'sushi-go',
      title: 'Sushi Go!',
      players: [2, 5],
      variants: [
        { key: 'pass_both_ways', text: 'Rounds 1 and 3 pass left, round 2 passes right' },
        { key: 'dummy', text: 'Two-player dummy: a third hand played by whoever controls it', players: [2, 2] },
        { key: 'reshuffle', text: 'Every round, all cards but kept puddings are shuffled back in' },
        { key: 'soy_sauce', text: 'Soy sauce promo: 4 soy sauce cards join the deck' },
      ],
    },
    {
      name: 'sushi-go-party',
      title: 'Sushi Go Party!',
      players: [2, 8],
      variants: [],
      menus: [
        { key: 'my-first-meal', name: 'My First Meal', players: [2, 8], kinds: ['maki', 'tempura', 'sashimi', 'miso-soup', 'wasabi', 'tea', 'green-tea-ice-cream'] },
        { key: 'sushi-go', name: 'Sushi Go!', players: [2, 8], kinds: ['maki', 'tempura', 'sashimi', 'dumpling', 'chopsticks', 'wasabi', 'pudding'] },
        { key: 'party-sampler', name: 'Party Sampler', players: [2, 6], kinds: ['temaki', 'tempura', 'dumpling', 'tofu', 'wasabi', 'menu', 'green-tea-ice-cream'] },
        { key: 'master-menu', name: 'Master Menu', players: [3, 8], kinds: ['temaki', 'onigiri', 'tofu', 'sashimi', 'spoon', 'takeout-box', 'fruit'] },
        { key: 'points-platter', name: 'Points Platter', players: [3, 6], kinds: ['uramaki', 'onigiri', 'dumpling', 'edamame', 'special-order', 'tea', 'green-tea-ice-cream'] },
        { key: 'cutthroat-combo', name: 'Cutthroat Combo', players: [3, 8], kinds: ['temaki', 'eel', 'tofu', 'miso-soup', 'spoon', 'soy-sauce', 'pudding'] },
        { key: 'big-banquet', name: 'Big Banquet', players: [3, 8], kinds: ['maki', 'tempura', 'dumpling', 'eel', 'spoon', 'chopsticks', 'green-tea-ice-cream'] },
        { key: 'dinner-for-two', name: 'Dinner for Two', players: [2, 6], kinds: ['uramaki', 'onigiri', 'tofu', 'miso-soup', 'menu', 'special-order', 'fruit'] },
      ],
      kinds: {
        rolls: ['maki', 'temaki', 'uramaki'],
        appetizers: ['tempura', 'sashimi', 'dumpling', 'eel', 'tofu', 'onigiri', 'edamame', 'miso-soup'],
        specials: ['chopsticks', 'soy-sauce', 'tea', 'menu', 'spoon', 'special-order', 'takeout-box', 'wasabi'],
        desserts: ['pudding', 'green-tea-ice-cream', 'fruit'],
      },
      limits: { menu: [2, 6], 'special-order': [2, 6], spoon: [3, 8], edamame: [3, 8] },
    },
    { name: 'sushi-roll', title: 'Sushi Roll', players: [2, 5], variants: [] },
  ],
  bots: [
    { name: 'random', title: 'Random' },
    { name: 'greedy', title: 'Greedy' },
    { name: 'mcts', title: 'MCTS', levels: [1, 2, 3, 4, 5], level: 3 },
  ],
  timers: [0, 15, 30, 60, 120, 300],
};

const CATEGORIES = [
  { key: 'rolls', label: 'Roll', count: 1 },
  { key: 'appetizers', label: 'Appetizers', count: 3 },
  { key: 'specials', label: 'Specials', count: 2 },
  { key: 'desserts', label: 'Dessert', count: 1 },
];

const CARD_HELP = {
  'sushi-go': 'Cards: tempura, sashimi, dumpling, maki 1/2/3, egg/salmon/squid nigiri, pudding, wasabi, chopsticks, soy sauce. "tempura x2" is two. List them in the order played: "wasabi, squid" puts the squid nigiri on the wasabi before it.',
  'sushi-go-party': 'Cards on the menu, in the order played: e.g. "temaki x2, wasabi+squid, onigiri circle, flipped:tofu, special-order=tempura".',
  'sushi-roll': 'Dice faces on the tray: tempura, sashimi, dumpling, maki 1/2/3, egg/salmon/squid nigiri, wasabi, chopsticks, chopsticks 2, menu, menu 2, pudding 1/2/3. "tempura x3" is three dice; "wasabi+squid" is a squid on a wasabi.',
};

// ---------------------------------------------------------------------------
// Small helpers

/** Build an element: h('a', {href: '/'}, 'text', child, ...). */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = v;
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    }
  }
  appendAll(el, children);
  return el;
}

function appendAll(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

function $(sel, root = document) {
  return root.querySelector(sel);
}

function arr(x) {
  return Array.isArray(x) ? x : [];
}

function range(lo, hi) {
  const out = [];
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

function pair(x, fallback) {
  if (Array.isArray(x) && x.length >= 2 && Number.isFinite(+x[0]) && Number.isFinite(+x[1])) {
    return [+x[0], +x[1]];
  }
  if (x && typeof x === 'object' && Number.isFinite(+x.min) && Number.isFinite(+x.max)) {
    return [+x.min, +x.max];
  }
  return fallback;
}

function prettyKey(key) {
  const s = String(key ?? '').replace(/[-_]+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : '';
}

function lsGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function lsSet(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode */ }
}
function lsDel(key) {
  try { localStorage.removeItem(key); } catch { /* private mode */ }
}

const tokenKey = (id) => `sushigo.token.${id}`;
const getToken = (id) => lsGet(tokenKey(id)) || null;
const setToken = (id, token) => { if (token) lsSet(tokenKey(id), token); };
const forgetToken = (id) => lsDel(tokenKey(id));
const savedName = () => lsGet('sushigo.name') || '';
const saveName = (name) => { if (name) lsSet('sushigo.name', name); };

const enc = encodeURIComponent;

/** A server message as a sentence: capital first letter, final full stop. */
function sentence(text) {
  const t = String(text ?? '').trim();
  if (!t) return t;
  const cap = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(cap) ? cap : `${cap}.`;
}

/** fetch JSON: {ok, status, data, error} and never throws. */
async function api(path, options = {}) {
  const init = { method: options.method || 'GET', headers: { Accept: 'application/json' } };
  if (options.body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    return { ok: false, status: 0, data: null, error: 'The server cannot be reached. Check your connection.' };
  }
  let data = null;
  try {
    const text = await res.text();
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const error = res.ok ? null
    : sentence((data && typeof data.error === 'string' && data.error) || `The server answered ${res.status} ${res.statusText || ''}`);
  return { ok: res.ok, status: res.status, data, error };
}

function listOf(data, key) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data[key])) return data[key];
  return [];
}

// --- options --------------------------------------------------------------

let optionsPromise = null;

function normKind(k) {
  if (typeof k === 'string') return { key: k, name: prettyKey(k), players: null };
  if (k && typeof k === 'object' && k.key) {
    return { key: String(k.key), name: k.name || k.title || prettyKey(k.key), players: pair(k.players, null) };
  }
  return null;
}

function normGame(g, fallback) {
  if (typeof g === 'string') g = { name: g };
  if (!g || typeof g !== 'object' || !g.name) return null;
  const def = fallback || {};
  const game = {
    name: String(g.name),
    title: g.title || def.title || prettyKey(g.name),
    players: pair(g.players, pair(def.players, [2, 5])),
    variants: [],
    menus: [],
    kinds: null,
    limits: {},
  };
  for (const v of arr(g.variants ?? def.variants)) {
    const key = typeof v === 'string' ? v : v && v.key;
    if (!key) continue;
    const known = arr(def.variants).find((d) => d.key === key) || {};
    let text = (v && (v.text || v.title || v.name)) || known.text || prettyKey(key);
    text = text[0].toUpperCase() + text.slice(1);
    game.variants.push({
      key: String(key),
      text,
      players: pair(v && v.players, pair(known.players, null)),
    });
  }
  for (const m of arr(g.menus ?? def.menus)) {
    const key = typeof m === 'string' ? m : m && m.key;
    if (!key || key === 'random' || key === 'custom') continue;
    const known = arr(def.menus).find((d) => d.key === key) || {};
    game.menus.push({
      key: String(key),
      name: (m && (m.name || m.title)) || known.name || prettyKey(key),
      players: pair(m && m.players, pair(known.players, null)),
      kinds: arr((m && m.kinds) || known.kinds).map(String).filter((k) => k !== 'nigiri'),
    });
  }
  const kinds = g.kinds || def.kinds;
  if (kinds && typeof kinds === 'object') {
    game.kinds = {};
    for (const c of CATEGORIES) {
      game.kinds[c.key] = arr(kinds[c.key]).map(normKind).filter(Boolean);
    }
  }
  const limits = { ...(def.limits || {}), ...((g.limits && typeof g.limits === 'object') ? g.limits : {}) };
  for (const [k, v] of Object.entries(limits)) {
    const p = pair(v, null);
    if (p) game.limits[k] = p;
  }
  if (game.kinds) {
    for (const c of CATEGORIES) {
      for (const k of game.kinds[c.key]) if (k.players) game.limits[k.key] = k.players;
    }
  }
  return game;
}

function normOptions(raw) {
  const src = raw && typeof raw === 'object' ? raw : {};
  const defs = Object.fromEntries(DEFAULT_OPTIONS.games.map((g) => [g.name, g]));
  let games = arr(src.games).map((g) => normGame(g, defs[typeof g === 'string' ? g : g && g.name])).filter(Boolean);
  if (!games.length) games = DEFAULT_OPTIONS.games.map((g) => normGame(g, g));
  let bots = arr(src.bots).map((b) => {
    if (typeof b === 'string') b = { name: b };
    if (!b || !b.name) return null;
    const def = DEFAULT_OPTIONS.bots.find((d) => d.name === b.name) || {};
    const levels = arr(b.levels ?? def.levels).map(Number).filter(Number.isFinite);
    return {
      name: String(b.name),
      title: b.title || def.title || prettyKey(b.name),
      levels,
      level: Number.isFinite(+b.level) ? +b.level : (def.level ?? levels[Math.floor(levels.length / 2)]),
    };
  }).filter(Boolean);
  if (!bots.length) bots = DEFAULT_OPTIONS.bots.map((b) => ({ ...b, levels: arr(b.levels) }));
  let timers = arr(src.timers).map(Number).filter((t) => Number.isFinite(t) && t >= 0);
  if (!timers.length) timers = DEFAULT_OPTIONS.timers.slice();
  if (!timers.includes(0)) timers.unshift(0);
  return { games, bots, timers };
}

function getOptions() {
  if (!optionsPromise) {
    optionsPromise = api('/api/options').then((r) => normOptions(r.ok ? r.data : null));
  }
  return optionsPromise;
}

function gameTitle(opts, name) {
  const g = opts && opts.games.find((x) => x.name === name);
  if (g) return g.title;
  const d = DEFAULT_OPTIONS.games.find((x) => x.name === name);
  return d ? d.title : prettyKey(name || 'game');
}

function timerLabel(t) {
  if (!t) return 'No timer';
  if (t >= 60 && t % 60 === 0) return `${t / 60} minute${t === 60 ? '' : 's'} per decision`;
  return `${t} seconds per decision`;
}

function fits(players, count) {
  return !players || (count >= players[0] && count <= players[1]);
}

function menuFits(game, kinds, count) {
  return kinds.every((k) => fits(game.limits[k], count));
}

// --- seats of a table ------------------------------------------------------

function seatInfo(s, i) {
  if (typeof s === 'string') return { index: i, name: s, kind: 'human', free: false, connected: null };
  const o = s && typeof s === 'object' ? s : {};
  const kind = o.kind ? (o.kind === 'bot' ? 'bot' : 'human') : (o.bot || o.agent ? 'bot' : 'human');
  let free;
  if (typeof o.free === 'boolean') free = o.free;
  else if (typeof o.taken === 'boolean') free = kind === 'human' && !o.taken;
  else free = false;
  const index = Number.isInteger(o.seat) ? o.seat : (Number.isInteger(o.index) ? o.index : i);
  let name = typeof o.name === 'string' && o.name ? o.name : '';
  if (!name) {
    if (kind === 'bot') name = `${prettyKey(o.bot || o.agent || 'bot')} bot${o.level ? ` (level ${o.level})` : ''}`;
    else name = `Seat ${index + 1}`;
  }
  return {
    index,
    name,
    kind,
    free,
    connected: typeof o.connected === 'boolean' ? o.connected : null,
  };
}

function seatsOf(list) {
  return arr(list).map(seatInfo);
}

function freeCount(table, seats) {
  if (table && Number.isFinite(+table.free) && table.free !== null && typeof table.free !== 'boolean') return +table.free;
  return seats.filter((s) => s.free).length;
}

function normStatus(status) {
  const s = String(status || '').toLowerCase();
  if (s.includes('wait')) return 'waiting';
  if (s.includes('finish') || s.includes('over') || s.includes('done') || s.includes('end')) return 'finished';
  if (s.includes('play') || s.includes('running') || s.includes('start')) return 'playing';
  return s || 'unknown';
}

const STATUS_LABEL = { waiting: 'Waiting for players', playing: 'Playing', finished: 'Finished' };

function tableIdOf(x) {
  if (typeof x === 'string' || typeof x === 'number') return String(x);
  if (x && typeof x === 'object') return x.id != null ? String(x.id) : (x.table != null ? tableIdOf(x.table) : null);
  return null;
}

// --- board -----------------------------------------------------------------

let boardModule = null;
function loadBoard() {
  if (!boardModule) {
    boardModule = import('/static/board.js').catch((err) => {
      console.error('board.js did not load', err);
      return null;
    });
  }
  return boardModule;
}

/** A plain stand-in when board.js is missing or fails. */
function fallbackBoard(container, frame, opts) {
  const legal = arr(frame && (frame.actions || frame.legal || frame.legal_actions));
  const kids = [h('pre', { class: 'frame-dump' }, JSON.stringify(frame, null, 1).slice(0, 4000))];
  if (opts.onAct && legal.length) {
    kids.push(h('div', { class: 'fallback-actions' }, legal.map((a) => {
      const text = typeof a === 'string' ? a : (a && (a.text || a.action)) || String(a);
      const label = (a && typeof a === 'object' && a.label) || text;
      return h('button', { type: 'button', class: 'act', 'data-action': text, onclick: () => opts.onAct(text) }, label);
    })));
  }
  container.replaceChildren(...kids);
}

async function drawBoard(container, frame, opts) {
  const mod = await loadBoard();
  if (frame === null || frame === undefined) {
    container.replaceChildren(h('p', { class: 'muted' }, 'The game has not begun yet.'));
    return;
  }
  if (mod && typeof mod.renderBoard === 'function') {
    try {
      mod.renderBoard(container, frame, opts);
      return;
    } catch (err) {
      console.error('renderBoard failed', err);
    }
  }
  fallbackBoard(container, frame, opts);
}

// ---------------------------------------------------------------------------
// Router

const main = document.getElementById('main') || document.body;

function route() {
  const path = (location.pathname.replace(/\/+$/, '') || '/');
  let m;
  try {
    if (path === '/') return lobbyPage();
    if ((m = path.match(/^\/t\/([^/]+)$/))) return tablePage(decodeURIComponent(m[1]));
    if ((m = path.match(/^\/replay\/([^/]+)$/))) return replayPage(decodeURIComponent(m[1]));
    if (path === '/score') return scorePage();
  } catch (err) {
    console.error(err);
    main.replaceChildren(h('h1', null, 'Something went wrong'), h('p', { role: 'alert' }, String(err && err.message || err)));
    return;
  }
  document.title = 'Not found — Sushi Go!';
  main.replaceChildren(h('h1', null, 'Page not found'), h('p', null, h('a', { href: '/' }, 'Back to the tables')));
}

// ---------------------------------------------------------------------------
// Lobby

function lobbyPage() {
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

  let opts = null;
  let lastTables = null;
  let lastGames = null;

  async function refresh() {
    const [t, g] = await Promise.all([api('/api/tables'), api('/api/games')]);
    if (t.ok) {
      const key = JSON.stringify(t.data);
      if (key !== lastTables) {
        lastTables = key;
        keepFocus(tablesEl, () => renderTables(tablesEl, listOf(t.data, 'tables'), opts));
      }
    } else if (lastTables === null) {
      tablesEl.replaceChildren(h('p', { class: 'error' }, t.error));
    }
    tablesEl.setAttribute('aria-busy', 'false');
    if (g.ok) {
      const key = JSON.stringify(g.data);
      if (key !== lastGames) {
        lastGames = key;
        keepFocus(gamesEl, () => renderGames(gamesEl, listOf(g.data, 'games'), opts));
      }
    } else if (lastGames === null) {
      gamesEl.replaceChildren(h('p', { class: 'error' }, g.error));
    }
  }

  getOptions().then((o) => {
    opts = o;
    lastTables = null; // redraw with the game titles
    lastGames = null;
    formSlot.replaceChildren(createForm(o));
    refresh();
  });
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

function renderTables(el, tables, opts) {
  if (!tables.length) {
    el.replaceChildren(h('p', { class: 'muted' }, 'No open tables. Create one!'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const t of tables) {
    const id = tableIdOf(t);
    if (!id) continue;
    const seats = seatsOf(t.seats);
    const players = Number.isFinite(+t.players) && t.players !== null ? +t.players : seats.length;
    const free = freeCount(t, seats);
    const status = normStatus(t.status);
    const mine = !!getToken(id);
    const who = seats.filter((s) => !s.free).map((s) => s.name).join(', ');
    const actions = [];
    if (mine && status !== 'finished') {
      actions.push(h('a', { class: 'button primary', href: `/t/${enc(id)}`, 'data-key': `resume-${id}` }, 'Resume'));
    } else if (free > 0 && status === 'waiting') {
      actions.push(h('a', { class: 'button primary join', href: `/t/${enc(id)}?join=1`, 'data-key': `join-${id}`, 'aria-label': `Join table ${id}` }, 'Join'));
    }
    actions.push(h('a', { class: 'button watch', href: `/t/${enc(id)}?watch=1`, 'data-key': `watch-${id}`, 'aria-label': `Watch table ${id}` }, 'Watch'));
    list.append(h('li', { class: 'table-row', 'data-table': id },
      h('div', { class: 'table-main' },
        h('strong', null, gameTitle(opts, t.game)),
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

function renderGames(el, games, opts) {
  if (!games.length) {
    el.replaceChildren(h('p', { class: 'muted' }, 'No finished games yet.'));
    return;
  }
  const list = h('ul', { class: 'table-list' });
  for (const g of games.slice(0, 50)) {
    const id = tableIdOf(g);
    if (!id) continue;
    const seats = seatsOf(g.seats);
    const names = arr(g.names).length ? arr(g.names).map(String) : seats.map((s) => s.name);
    let winners = arr(g.winners).map((w) => (Number.isInteger(w) && names[w] ? names[w] : String(w)));
    const scores = arr(g.scores || g.final_scores);
    const when = g.finished || g.finished_at || g.updated || g.created;
    let whenText = '';
    if (when) {
      const d = typeof when === 'number' ? new Date(when * 1000) : new Date(when);
      if (!Number.isNaN(d.getTime())) whenText = d.toLocaleString();
    }
    list.append(h('li', { class: 'table-row' },
      h('div', { class: 'table-main' },
        h('strong', null, gameTitle(opts, g.game || (g.config && g.config.game))),
        whenText ? h('span', { class: 'muted small' }, ` · ${whenText}`) : '',
        h('div', { class: 'small' }, names.map((n, i) => (scores[i] !== undefined ? `${n} ${scores[i]}` : n)).join(', ')),
        winners.length ? h('div', { class: 'small' }, `Winner: ${winners.join(' and ')}`) : ''),
      h('div', { class: 'table-actions' },
        h('a', { class: 'button', href: `/replay/${enc(id)}`, 'data-key': `replay-${id}`, 'aria-label': `Replay game ${id}` }, 'Replay'))));
  }
  el.replaceChildren(list);
}

// --- the create form -------------------------------------------------------

function createForm(opts) {
  const errorEl = h('p', { id: 'create-error', class: 'error', role: 'alert' });
  const gameSel = h('select', { id: 'c-game', name: 'game' },
    opts.games.map((g) => h('option', { value: g.name }, g.title)));
  const playersSel = h('select', { id: 'c-players', name: 'players' });
  const variantsBox = h('fieldset', { id: 'c-variants', class: 'group' }, h('legend', null, 'Variants'));
  const menuSel = h('select', { id: 'c-menu', name: 'menu' });
  const customBox = h('fieldset', { id: 'c-custom', class: 'group', hidden: true },
    h('legend', null, 'Custom menu: nigiri, 1 roll, 3 appetizers, 2 specials, 1 dessert'));
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
  const game = () => opts.games.find((g) => g.name === gameSel.value) || opts.games[0];
  const count = () => parseInt(playersSel.value, 10) || game().players[0];

  function buildPlayers() {
    const g = game();
    const prev = parseInt(playersSel.value, 10);
    const [lo, hi] = g.players;
    playersSel.replaceChildren(...range(lo, hi).map((n) => h('option', { value: String(n) }, String(n))));
    const want = Number.isFinite(prev) ? Math.min(hi, Math.max(lo, prev)) : Math.min(hi, Math.max(lo, 3));
    playersSel.value = String(want);
  }

  function buildVariants() {
    const g = game();
    const checked = new Set([...variantsBox.querySelectorAll('input:checked')].map((i) => i.value));
    variantsBox.replaceChildren(h('legend', null, 'Variants'));
    variantsBox.hidden = !g.variants.length;
    for (const v of g.variants) {
      const id = `c-variant-${v.key}`;
      const ok = fits(v.players, count());
      variantsBox.append(h('div', { class: 'check' },
        h('input', { type: 'checkbox', id, name: 'variant', value: v.key, checked: ok && checked.has(v.key), disabled: !ok }),
        h('label', { for: id }, v.text, v.players && !ok ? ` (${v.players[0] === v.players[1] ? v.players[0] : `${v.players[0]}–${v.players[1]}`} players only)` : '')));
    }
  }

  function buildMenus() {
    const g = game();
    const isParty = g.menus.length > 0 || !!g.kinds;
    menuBox.hidden = !isParty;
    if (!isParty) return;
    const n = count();
    const prev = menuSel.value;
    const items = g.menus.map((m) => {
      const ok = fits(m.players, n) && menuFits(g, m.kinds, n);
      return h('option', { value: m.key, disabled: !ok }, m.name + (ok ? '' : ` (${m.players ? `${m.players[0]}–${m.players[1]}` : 'other'} players)`));
    });
    items.push(h('option', { value: 'random' }, 'Random menu'));
    if (g.kinds) items.push(h('option', { value: 'custom' }, 'Custom menu…'));
    menuSel.replaceChildren(...items);
    const usable = [...menuSel.options].filter((o) => !o.disabled).map((o) => o.value);
    menuSel.value = usable.includes(prev) ? prev : (usable[0] || 'random');
    buildCustom();
    showMenu();
  }

  function buildCustom() {
    const g = game();
    if (!g.kinds) return;
    const n = count();
    const kept = new Set([...customBox.querySelectorAll('input:checked')].map((i) => i.value));
    for (const sel of customBox.querySelectorAll('select')) kept.add(sel.value);
    customBox.replaceChildren(customBox.querySelector('legend') || h('legend', null, 'Custom menu'));
    for (const c of CATEGORIES) {
      const kinds = g.kinds[c.key] || [];
      if (c.count === 1) {
        const id = `c-custom-${c.key}`;
        const sel = h('select', { id, name: `custom-${c.key}` }, kinds.map((k) => {
          const ok = fits(g.limits[k.key], n);
          return h('option', { value: k.key, disabled: !ok }, k.name + (ok ? '' : ' (not for this many players)'));
        }));
        const keep = kinds.find((k) => kept.has(k.key) && fits(g.limits[k.key], n));
        const first = kinds.find((k) => fits(g.limits[k.key], n));
        if (keep || first) sel.value = (keep || first).key;
        customBox.append(h('div', { class: 'field' }, h('label', { for: id }, c.label), sel));
      } else {
        const box = h('fieldset', { class: 'group inner' }, h('legend', null, `${c.label} (choose ${c.count})`));
        for (const k of kinds) {
          const id = `c-custom-${c.key}-${k.key}`;
          const ok = fits(g.limits[k.key], n);
          box.append(h('div', { class: 'check' },
            h('input', { type: 'checkbox', id, name: `custom-${c.key}`, value: k.key, checked: ok && kept.has(k.key), disabled: !ok }),
            h('label', { for: id }, k.name + (ok ? '' : ' (not for this many players)'))));
        }
        customBox.append(box);
      }
    }
  }

  function showMenu() {
    const g = game();
    const v = menuSel.value;
    customBox.hidden = v !== 'custom';
    const kindsP = $('#c-menu-kinds', form);
    const m = g.menus.find((x) => x.key === v);
    if (kindsP) {
      kindsP.textContent = m && m.kinds.length ? `Nigiri, ${m.kinds.map(prettyKey).join(', ')}` : (v === 'random' ? 'A random legal menu is drawn when the table is created.' : '');
    }
  }

  function customKinds() {
    const out = [];
    const problems = [];
    for (const c of CATEGORIES) {
      let chosen;
      if (c.count === 1) {
        const sel = customBox.querySelector(`select[name="custom-${c.key}"]`);
        chosen = sel && sel.value ? [sel.value] : [];
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
      const prev = seatChoices[i] || { kind: bots.some((b) => b.name === 'greedy') ? 'greedy' : (bots[0] ? bots[0].name : 'human') };
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
        if (bot && bot.levels.length) {
          const old = levelWrap.querySelector('select');
          const keep = old ? old.value : (prev.level || String(bot.level ?? bot.levels[0]));
          const lsel = h('select', { id: lid, name: `seat-${i}-level` },
            bot.levels.map((l) => h('option', { value: String(l) }, `Level ${l}`)));
          lsel.value = bot.levels.map(String).includes(String(keep)) ? String(keep) : String(bot.level ?? bot.levels[0]);
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
    for (const v of g.variants) {
      const box = variantsBox.querySelector(`input[value="${CSS.escape(v.key)}"]`);
      if (box && !box.disabled) options[v.key] = box.checked;
    }
    if (!menuBox.hidden) {
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
      const sel = seatsBox.querySelector(`select[name="seat-${i}"]`);
      const kind = sel ? sel.value : 'human';
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
    const id = r.ok ? tableIdOf(r.data) : null;
    if (!id) {
      errorEl.textContent = r.ok ? 'The server did not say which table it created.' : r.error;
      return;
    }
    setToken(id, r.data.token);
    location.assign(`/t/${enc(id)}`);
  });

  rebuildAll();
  return form;
}

// ---------------------------------------------------------------------------
// A table

const NOT_CONNECTED = 'Not connected to the server; trying again…';

function tablePage(id) {
  const params = new URLSearchParams(location.search);
  let token = getToken(id);
  let mySeat = null;
  let ws = null;
  let retry = 0;
  let retryTimer = null;
  let pingTimer = null;
  let stopped = false;
  let catalog = null;
  let tableInfo = null;
  let last = null; // last state message
  let lastStep = null;
  let status = 'connecting';
  let connection = 'connecting'; // connecting | open | reconnecting | stopped
  let sentFor = null; // the step an act was sent for, awaiting its ack
  let ackedFor = null; // the step our decision is stored for
  const pending = () => (lastStep !== null && (sentFor === lastStep || ackedFor === lastStep))
    || (mySeat !== null && !!last && arr(last.decided).includes(mySeat));
  let watchChosen = params.has('watch');
  let gameName = null;
  let drawSeq = 0;
  let opts = null;
  let countdownTimer = null;
  let deadline = null;
  let chosen = null; // this seat's decision: {step, text, label, timeout, forced}
  let focusedFor = null; // the decision the hand was last focused for

  const baseTitle = `Table ${id} — Sushi Go!`;
  document.title = baseTitle;

  const shareUrl = `${location.origin}/t/${enc(id)}`;
  const titleEl = h('h1', { id: 'table-title' }, `Table ${id}`);
  const statusEl = h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' }, 'Connecting…');
  // The turn timer: a bar on the prompt (put in #decision after each draw).
  const timerFill = h('span', { class: 'turn-timer-fill' });
  const timerText = h('span', { class: 'turn-timer-text' });
  const timerEl = h('div', { id: 'timer', class: 'turn-timer', hidden: true },
    h('span', { class: 'turn-timer-bar', 'aria-hidden': 'true' }, timerFill), timerText);
  // What the server played for this seat (the turn timer ran out), until it chooses again.
  const noticeEl = h('p', { id: 'notice', class: 'turn-notice', role: 'alert', hidden: true });
  const errorEl = h('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const copyNote = h('span', { id: 'copy-note', class: 'small muted', 'aria-live': 'polite' });
  const shareIn = h('input', { id: 'share-url', type: 'text', readonly: true, value: shareUrl });
  const copyBtn = h('button', { id: 'copy', type: 'button' }, 'Copy link');
  const seatsEl = h('ul', { id: 'seats', class: 'seats' });
  const boardEl = h('div', { id: 'board', class: 'board-container' });
  const hintBtn = h('button', { id: 'hint', type: 'button', disabled: true }, 'Hint');
  const hintsEl = h('ol', { id: 'hints', class: 'hints', 'aria-live': 'polite' });
  const rematchBtn = h('button', { id: 'rematch', type: 'button', hidden: true, class: 'primary' }, 'Rematch');
  const replayLink = h('a', { id: 'replay-link', class: 'button', href: `/replay/${enc(id)}`, hidden: true }, 'Replay');
  const recordLink = h('a', { id: 'record-link', class: 'button', href: `/api/tables/${enc(id)}/record`, download: `sushigo-${id}.json`, hidden: true }, 'Download record');
  const hintsBox = h('section', { class: 'hints-box', 'aria-labelledby': 'h-hints', hidden: true },
    h('h3', { id: 'h-hints', class: 'small-heading' }, 'Hints'), hintsEl);
  const setHints = (...items) => {
    hintsEl.replaceChildren(...items);
    hintsBox.hidden = !items.length;
  };
  const rematchLink = h('a', { id: 'rematch-link', class: 'button', href: '/', hidden: true }, 'Go to the rematch');
  const hereBtn = h('button', { id: 'use-here', type: 'button', hidden: true }, 'Use this seat here');

  const tsName = h('input', { id: 'ts-name', name: 'name', type: 'text', autocomplete: 'nickname', maxlength: '24', value: savedName(), required: true });
  const tsError = h('p', { id: 'take-seat-error', class: 'error', role: 'alert' });
  const tsSubmit = h('button', { type: 'submit', class: 'primary', id: 'take-seat-submit' }, 'Take a seat');
  const watchLink = h('a', { id: 'watch', href: `/t/${enc(id)}?watch=1` }, 'Just watch');
  const takeSeat = h('form', { id: 'take-seat', class: 'card', hidden: true, 'aria-labelledby': 'h-take-seat' },
    h('h2', { id: 'h-take-seat' }, 'Join this game'),
    h('p', { id: 'take-seat-free', class: 'small' }, 'There is a free seat at this table.'),
    h('div', { class: 'field' }, h('label', { for: 'ts-name' }, 'Your name'), tsName),
    h('div', { class: 'row' }, tsSubmit, watchLink),
    tsError);
  const sitBtn = h('button', { id: 'sit', type: 'button', hidden: true }, 'Take a seat…');

  main.replaceChildren(
    titleEl,
    h('section', { class: 'share', 'aria-label': 'Invite link' },
      h('label', { for: 'share-url' }, 'Invite link'),
      h('div', { class: 'row' }, shareIn, copyBtn, copyNote)),
    statusEl, errorEl, hereBtn,
    takeSeat,
    h('section', { class: 'card seats-card', 'aria-labelledby': 'h-seats' },
      h('h2', { id: 'h-seats' }, 'Seats'), seatsEl, sitBtn),
    h('section', { class: 'game', 'aria-labelledby': 'h-board' },
      h('h2', { id: 'h-board' }, 'Game'),
      boardEl,
      h('div', { class: 'controls' }, hintBtn, rematchBtn, rematchLink, replayLink, recordLink),
      hintsBox),
  );

  getOptions().then((o) => { opts = o; updateTitle(); });

  // --- share ---
  shareIn.addEventListener('focus', () => shareIn.select());
  copyBtn.addEventListener('click', async () => {
    let ok = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(shareUrl);
        ok = true;
      }
    } catch { ok = false; }
    if (!ok) {
      shareIn.focus();
      shareIn.select();
      try { ok = document.execCommand('copy'); } catch { ok = false; }
    }
    copyNote.textContent = ok ? 'Link copied.' : 'Select the link and copy it.';
    setTimeout(() => { copyNote.textContent = ''; }, 4000);
  });

  // --- take a seat ---
  watchLink.addEventListener('click', (ev) => {
    ev.preventDefault();
    watchChosen = true;
    takeSeat.hidden = true;
    updateSeatOffer();
  });
  sitBtn.addEventListener('click', () => {
    watchChosen = false;
    updateSeatOffer();
    tsName.focus();
  });
  takeSeat.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    tsError.textContent = '';
    const name = tsName.value.trim().replace(/\s+/g, ' ');
    if (!name) {
      tsError.textContent = 'Type your name first.';
      tsName.focus();
      return;
    }
    saveName(name);
    tsSubmit.disabled = true;
    const r = await api(`/api/tables/${enc(id)}/join`, { method: 'POST', body: { name } });
    tsSubmit.disabled = false;
    if (!r.ok || !r.data || !r.data.token) {
      tsError.textContent = r.ok ? 'The server gave no seat.' : r.error;
      return;
    }
    token = r.data.token;
    setToken(id, token);
    if (Number.isInteger(r.data.seat)) mySeat = r.data.seat;
    takeSeat.hidden = true;
    sitBtn.hidden = true;
    reconnect();
  });

  function currentSeats() {
    if (last && Array.isArray(last.seats)) return seatsOf(last.seats);
    if (tableInfo && Array.isArray(tableInfo.seats)) return seatsOf(tableInfo.seats);
    return [];
  }

  function updateSeatOffer() {
    const seats = currentSeats();
    const free = freeCount(last ? null : tableInfo, seats);
    const canSit = !token && free > 0 && status !== 'finished';
    takeSeat.hidden = !canSit || watchChosen;
    sitBtn.hidden = !canSit || !watchChosen;
    const p = $('#take-seat-free', takeSeat);
    if (p) p.textContent = free === 1 ? 'There is a free seat at this table.' : `There are ${free} free seats at this table.`;
  }

  // --- buttons ---
  hereBtn.addEventListener('click', () => {
    hereBtn.hidden = true;
    errorEl.textContent = '';
    stopped = false;
    reconnect();
  });
  hintBtn.addEventListener('click', () => {
    errorEl.textContent = '';
    setHints(h('li', { class: 'muted' }, 'Thinking…'));
    send({ type: 'hint' });
  });
  rematchBtn.addEventListener('click', () => {
    rematchBtn.disabled = true;
    rematchBtn.textContent = 'Rematch requested…';
    send({ type: 'rematch' });
  });

  // --- socket ---
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(msg));
      return true;
    }
    errorEl.textContent = NOT_CONNECTED;
    return false;
  }

  function connect() {
    if (stopped) return;
    clearTimeout(retryTimer);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let sock;
    try {
      sock = new WebSocket(`${proto}//${location.host}/ws/${enc(id)}`);
    } catch (err) {
      console.error(err);
      scheduleReconnect();
      return;
    }
    ws = sock;
    sock.addEventListener('open', () => {
      if (sock !== ws) return;
      const join = { type: 'join' };
      if (token) join.token = token;
      sock.send(JSON.stringify(join));
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ type: 'ping' }));
      }, 20000);
    });
    sock.addEventListener('message', (ev) => {
      if (sock !== ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (!msg || typeof msg !== 'object') return;
      try { handle(msg); } catch (err) { console.error('message handling failed', msg, err); }
    });
    sock.addEventListener('close', () => {
      if (sock !== ws) return;
      clearInterval(pingTimer);
      if (!stopped) scheduleReconnect();
    });
    sock.addEventListener('error', () => { /* a close event follows */ });
  }

  function scheduleReconnect() {
    if (stopped) return;
    const delay = Math.min(5000, 500 * 2 ** retry);
    retry += 1;
    connection = 'reconnecting';
    renderStatus();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  }

  function reconnect() {
    const old = ws;
    ws = null;
    clearInterval(pingTimer);
    if (old) { try { old.close(); } catch { /* already closed */ } }
    retry = 0;
    connection = 'connecting';
    renderStatus();
    connect();
  }

  function stop(message) {
    stopped = true;
    connection = 'stopped';
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    if (ws) { const old = ws; ws = null; try { old.close(); } catch { /* closed */ } }
    if (message) statusEl.textContent = message;
  }

  function handle(msg) {
    switch (msg.type) {
      case 'welcome': {
        retry = 0;
        connection = 'open';
        if (errorEl.textContent === NOT_CONNECTED) errorEl.textContent = '';
        mySeat = Number.isInteger(msg.seat) ? msg.seat : null;
        if (msg.table && typeof msg.table === 'object') {
          tableInfo = { ...(tableInfo || {}), ...msg.table };
          if (msg.table.catalog) catalog = msg.table.catalog;
          if (msg.table.game) gameName = msg.table.game;
        }
        if (msg.catalog) catalog = msg.catalog;
        updateTitle();
        renderSeats();
        renderStatus();
        updateSeatOffer();
        break;
      }
      case 'state':
        onState(msg);
        break;
      case 'ack': {
        // the ack's step may already be the next one (the server applied the step):
        // what we decided for is the step we sent
        ackedFor = msg.timeout ? msg.step : (sentFor !== null ? sentFor : lastStep);
        sentFor = null;
        const label = typeof msg.label === 'string' ? msg.label : (chosen && chosen.text === msg.action ? chosen.label : null);
        chosen = { step: ackedFor, text: msg.action, label, timeout: !!msg.timeout };
        if (msg.timeout) showNotice(`Time ran out: ${fillNames(label || 'a choice')} was played for you.`);
        if (pending()) disableActs();
        if (last) draw(last);
        else renderStatus();
        break;
      }
      case 'forced':
        if (mySeat !== null && msg.seat === mySeat && typeof msg.action === 'string') {
          chosen = { step: msg.step, text: msg.action, label: msg.label, forced: true };
        }
        break;
      case 'hints':
        renderHints(msg);
        break;
      case 'error':
        onError(msg);
        break;
      case 'rematch': {
        const newId = tableIdOf(msg.table);
        if (!newId) break;
        if (msg.token) setToken(newId, msg.token);
        location.assign(`/t/${enc(newId)}${msg.token ? '' : '?watch=1'}`);
        break;
      }
      case 'pong':
        break;
      default:
        break;
    }
  }

  function onError(msg) {
    const code = String(msg.code || '');
    const text = sentence(msg.message || msg.error || 'The server refused that.');
    if (code === 'bad_token') {
      forgetToken(id);
      token = null;
      mySeat = null;
      errorEl.textContent = `${text} You are now watching.`;
      reconnect();
      updateSeatOffer();
      return;
    }
    if (code === 'replaced') {
      // the same seat was opened in another tab: do not fight over it
      errorEl.textContent = text;
      stop('This seat is open in another tab or window.');
      hereBtn.hidden = false;
      return;
    }
    if (/not_found|no_table|no_such/.test(code)) {
      errorEl.textContent = text;
      stop('No such table.');
      return;
    }
    errorEl.textContent = text;
    if (sentFor !== null) {
      // the decision was refused: offer the choices again
      sentFor = null;
      chosen = null;
      if (last) draw(last);
    }
    if (!rematchBtn.hidden) {
      rematchBtn.disabled = false;
      rematchBtn.textContent = 'Rematch';
    }
    if (hintsEl.textContent === 'Thinking…') setHints();
  }

  function onState(msg) {
    const stepChanged = msg.step !== lastStep;
    last = msg;
    if (msg.step !== undefined) lastStep = msg.step;
    if (msg.catalog) catalog = msg.catalog;
    if (msg.frame && typeof msg.frame === 'object' && msg.frame.catalog && !catalog) catalog = msg.frame.catalog;
    if (Number.isInteger(msg.seat)) mySeat = msg.seat;
    status = normStatus(msg.status);
    connection = 'open';
    if (stepChanged) {
      sentFor = null;
      setHints();
    }
    if (chosen && chosen.step !== lastStep) chosen = null;
    deadline = pickDeadline(msg.deadline);
    renderSeats();
    updateSeatOffer();
    draw(msg);
  }

  function pickDeadline(d) {
    if (typeof d === 'number' && Number.isFinite(d)) return d;
    if (typeof d === 'string' && d && Number.isFinite(+d)) return +d;
    if (d && typeof d === 'object') {
      if (mySeat !== null && Number.isFinite(+d[mySeat])) return +d[mySeat];
      const vals = Object.values(d).map(Number).filter(Number.isFinite);
      if (vals.length) return Math.min(...vals);
    }
    return null;
  }

  async function draw(msg) {
    const seq = ++drawSeq;
    const names = currentSeats().map((s) => s.name);
    const onAct = mySeat !== null && status === 'playing' ? act : null;
    const decided = arr(msg.decided);
    const mine = chosen && chosen.step === lastStep ? chosen : null;
    await drawBoard(boardEl, msg.frame, { names, onAct, catalog, seat: mySeat, decided, chosen: mine });
    if (seq !== drawSeq) return;
    if (pending()) disableActs();
    renderStatus();
    focusHand(msg);
  }

  /** At each new decision, put the keyboard focus on the hand (its first card that
   * can be played), unless the visitor is typing somewhere else. */
  function focusHand(msg) {
    if (!myTurn()) return;
    const f = msg.frame || {};
    const key = JSON.stringify([msg.step, f.decision, (f.legal || []).map((e) => e.text)]);
    if (key === focusedFor) return;
    const here = document.activeElement;
    if (here && here !== document.body && !boardEl.contains(here) && /^(INPUT|TEXTAREA|SELECT)$/.test(here.tagName)) return;
    const target = boardEl.querySelector('#hand button:not([disabled])')
      || boardEl.querySelector('.act:not([disabled])');
    if (!target) return;
    focusedFor = key;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
  }

  /** A sentence of the server's with its {N} seats named. */
  function fillNames(text) {
    const seats = currentSeats();
    return String(text).replace(/\{(\d+)\}/g, (_, n) => (seats[+n] ? seats[+n].name : `Seat ${+n + 1}`));
  }

  function showNotice(text) {
    noticeEl.textContent = text;
    noticeEl.hidden = !text;
  }

  function act(actionText) {
    if (pending()) return;
    errorEl.textContent = '';
    const ok = send({ type: 'act', action: String(actionText), step: lastStep });
    if (ok) {
      sentFor = lastStep;
      const f = last && last.frame ? last.frame : {};
      const entry = arr(f.legal).find((e) => e && e.text === String(actionText));
      chosen = { step: lastStep, text: String(actionText), label: entry ? entry.label : null };
      showNotice('');
      disableActs();
      renderStatus();
    }
  }

  function disableActs() {
    for (const b of boardEl.querySelectorAll('.act')) {
      if ('disabled' in b) b.disabled = true;
      b.setAttribute('aria-disabled', 'true');
    }
  }

  /** Seats that must still decide: the frame's to_act less the seats that decided. */
  function waitingSeats(msg) {
    const m = msg || {};
    const f = m.frame && typeof m.frame === 'object' ? m.frame : {};
    const decided = arr(m.decided);
    for (const x of [m.waiting, m.waiting_for, m.to_act, f.waiting, f.waiting_for, f.to_act]) {
      if (Array.isArray(x)) return x.filter((s) => Number.isInteger(s) && !decided.includes(s));
    }
    return null;
  }

  function myTurn() {
    if (mySeat === null || status !== 'playing' || pending() || !last) return false;
    if (boardEl.querySelector('.act:not([disabled]):not([aria-disabled="true"])')) return true;
    const w = waitingSeats(last);
    return !!(w && w.includes(mySeat) && !boardEl.querySelector('.act'));
  }

  function renderStatus() {
    let text;
    const seats = currentSeats();
    if (connection === 'stopped') return;
    if (connection === 'reconnecting') {
      text = 'Reconnecting…';
    } else if (!last) {
      text = connection === 'open' ? 'Connected. Waiting for the table…' : 'Connecting…';
    } else if (status === 'waiting') {
      const free = freeCount(null, seats);
      text = free > 0
        ? `Waiting for players: ${free === 1 ? '1 seat is' : `${free} seats are`} still free. Share the invite link.`
        : 'Waiting for players…';
    } else if (status === 'finished') {
      text = `Game over. ${winnersText(last, seats)}`.trim();
    } else if (status === 'playing') {
      if (myTurn()) text = 'Your turn: choose below.';
      else if (mySeat === null) text = `Playing (you are watching).${waitingText(seats)}`;
      else if (pending()) text = ackedFor === lastStep ? 'Choice stored. Waiting for the other players…' : 'Sending your choice…';
      else text = `Playing.${waitingText(seats) || ' Waiting for the other players…'}`;
    } else {
      text = prettyKey(status);
    }
    if (statusEl.textContent !== text) statusEl.textContent = text;
    statusEl.dataset.state = connection === 'reconnecting' ? 'reconnecting' : status;
    // One status line: while the board is drawn, its prompt (#decision) says whose turn
    // it is, what you chose and whom the table waits for; this line is for the rest
    // (connecting, waiting for players, reconnecting).
    statusEl.hidden = connection === 'open' && !!(last && last.frame) && (status === 'playing' || status === 'finished');
    document.title = (myTurn() ? '● Your turn — ' : '') + baseTitle;

    const finished = status === 'finished';
    const seated = mySeat !== null;
    hintBtn.disabled = !(connection === 'open' && myTurn());
    rematchBtn.hidden = !(finished && seated);
    if (!rematchBtn.disabled) rematchBtn.textContent = last && last.rematch ? 'Join the rematch' : 'Rematch';
    const rid = last && last.rematch ? tableIdOf(last.rematch) : null;
    rematchLink.hidden = !(finished && rid && !seated);
    if (rid) rematchLink.href = `/t/${enc(rid)}`;
    replayLink.hidden = !finished;
    recordLink.hidden = !finished;
    updateCountdown();
  }

  function waitingText(seats) {
    const w = waitingSeats(last);
    if (!w || !w.length) return '';
    const names = w.map((i) => (i === mySeat ? 'you' : (seats[i] ? seats[i].name : `Seat ${i + 1}`)));
    return ` Waiting for ${names.join(', ')}.`;
  }

  function winnersText(msg, seats) {
    const f = msg.frame && typeof msg.frame === 'object' ? msg.frame : {};
    const fin = f.final && typeof f.final === 'object' ? f.final : {};
    const w = arr(msg.winners || fin.winners || f.winners);
    if (!w.length) return '';
    const names = w.map((x) => (Number.isInteger(x) ? (x === mySeat ? 'You' : (seats[x] ? seats[x].name : `Seat ${x + 1}`)) : String(x)));
    const verb = names.length === 1 && names[0] !== 'You' ? 'wins' : 'win';
    return `${names.join(' and ')} ${verb}.`;
  }

  /** The turn timer's bar and the notice, on the prompt (#decision, drawn anew with
   * every frame); the bar only while this seat has a decision to make. */
  function updateCountdown() {
    clearInterval(countdownTimer);
    const prompt = boardEl.querySelector('#decision');
    if (prompt) {
      if (timerEl.parentNode !== prompt) prompt.append(timerEl);
      if (noticeEl.parentNode !== prompt) prompt.append(noticeEl);
    }
    const total = Number((tableInfo && tableInfo.timer) || 0);
    const tick = () => {
      if (deadline === null || status !== 'playing' || !myTurn()) {
        timerEl.hidden = true;
        return false;
      }
      const ms = Math.max(0, deadline * 1000 - Date.now());
      const left = Math.ceil(ms / 1000);
      const span = total > 0 ? total * 1000 : Math.max(ms, 1);
      timerEl.hidden = false;
      timerFill.style.width = `${Math.min(100, (100 * ms) / span).toFixed(1)}%`;
      const warn = left <= 5;
      timerEl.classList.toggle('warn', warn);
      timerText.textContent = warn
        ? `${left} s left: choose now, or a card is chosen for you`
        : `${left} s left`;
      return ms > 0;
    };
    if (tick()) countdownTimer = setInterval(() => { if (!tick()) clearInterval(countdownTimer); }, 250);
  }

  function renderSeats() {
    const seats = currentSeats();
    seatsEl.replaceChildren(...seats.map((s, i) => {
      const bits = [];
      if (s.kind === 'bot') bits.push('bot');
      if (s.free) bits.push('free seat');
      else if (s.kind === 'human' && s.connected !== null) bits.push(s.connected ? 'connected' : 'not connected');
      const you = i === mySeat;
      return h('li', { class: `seat${you ? ' you' : ''}${s.free ? ' free' : ''}`, 'data-seat': String(i) },
        h('span', { class: `dot ${s.kind === 'bot' ? 'bot' : (s.connected ? 'on' : 'off')}`, 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, `${i + 1}. ${s.free ? 'Free seat' : s.name}`, you ? ' (you)' : ''),
        bits.length ? h('span', { class: 'muted small' }, ` — ${bits.join(', ')}`) : '');
    }));
  }

  function renderHints(msg) {
    const list = arr(msg.hints);
    if (!list.length) {
      setHints(h('li', { class: 'muted' }, 'No hints for this step.'));
      return;
    }
    setHints(...list.map((x) => {
      if (typeof x === 'string') return h('li', null, x);
      const o = x || {};
      return h('li', null, h('strong', null, fillNames(o.label ?? o.text ?? o.action ?? '')),
        o.reason ? ` — ${o.reason}` : '',
        typeof o.value === 'number' ? h('span', { class: 'muted small' }, ` (${o.value.toFixed(2)})`) : '');
    }));
  }

  function updateTitle() {
    const g = gameName || (tableInfo && tableInfo.game);
    const text = g ? `${gameTitle(opts, g)} — table ${id}` : `Table ${id}`;
    titleEl.textContent = text;
  }

  // --- start ---
  (async () => {
    const r = await api(`/api/tables/${enc(id)}`);
    if (r.status === 404) {
      errorEl.textContent = r.error;
      stop('No such table.');
      boardEl.replaceChildren(h('p', null, h('a', { href: '/' }, 'Back to the tables')));
      return;
    }
    if (r.ok && r.data && typeof r.data === 'object') {
      tableInfo = r.data.table && typeof r.data.table === 'object' ? r.data.table : r.data;
      if (tableInfo.game) gameName = tableInfo.game;
      if (tableInfo.catalog) catalog = tableInfo.catalog;
      if (!last) {
        status = normStatus(tableInfo.status);
        renderSeats();
      }
      updateTitle();
      updateSeatOffer();
      if (!takeSeat.hidden && params.has('join')) tsName.focus();
    }
  })();
  connect();
  window.addEventListener('pagehide', () => stop(), { once: true });
  window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });
}

// ---------------------------------------------------------------------------
// Replay

function replayPage(id) {
  document.title = `Replay ${id} — Sushi Go!`;
  const statusEl = h('p', { id: 'replay-status', role: 'status', 'aria-live': 'polite' }, 'Loading the game…');
  main.replaceChildren(h('h1', { id: 'replay-title' }, `Replay of table ${id}`), statusEl);

  (async () => {
    const [r, opts] = await Promise.all([api(`/api/tables/${enc(id)}/replay`), getOptions()]);
    if (!r.ok || !r.data) {
      statusEl.textContent = r.status === 409 ? 'This game is not finished yet.' : (r.error || 'No replay.');
      statusEl.setAttribute('role', 'alert');
      main.append(h('p', null, h('a', { href: `/t/${enc(id)}` }, 'Go to the table'), ' · ', h('a', { href: '/' }, 'Back to the tables')));
      return;
    }
    const record = r.data.record && typeof r.data.record === 'object' ? r.data.record : {};
    const steps = arr(r.data.steps);
    const catalog = r.data.catalog || record.catalog || null;
    const names = arr(record.names).map(String);
    const nameOf = (k) => {
      const i = parseInt(k, 10);
      return Number.isInteger(i) && names[i] ? names[i] : `Seat ${Number.isInteger(i) ? i + 1 : k}`;
    };
    const n = steps.length;
    $('#replay-title').textContent = `Replay: ${gameTitle(opts, record.game || r.data.game)} — table ${id}`;
    const final = arr(record.final_scores);
    const winners = arr(record.winners).map(nameOf);
    const info = h('p', { id: 'replay-info' },
      names.map((nm, i) => (final[i] !== undefined ? `${nm} ${final[i]}` : nm)).join(', '),
      winners.length ? `. Winner: ${winners.join(' and ')}.` : '');

    if (!n) {
      statusEl.textContent = 'This game has no steps to show.';
      main.append(info);
      return;
    }
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
    async function show(i) {
      k = Math.min(n - 1, Math.max(0, i));
      const s = steps[k] || {};
      stepEl.textContent = `Step ${k + 1} of ${n}`;
      slider.value = String(k + 1);
      slider.setAttribute('aria-valuetext', `Step ${k + 1} of ${n}`);
      prev.disabled = k === 0;
      next.disabled = k === n - 1;
      const items = actionItems(s.actions, nameOf, catalog);
      actionsEl.replaceChildren(...(items.length ? items.map((t) => h('li', null, t)) : [h('li', { class: 'muted' }, 'None (the end of the game, or a deal).')]));
      try { history.replaceState(null, '', `#step=${k + 1}`); } catch { /* ignore */ }
      const frame = s.frame !== undefined ? s.frame : s.state;
      await drawBoard(boardEl, frame, { names, onAct: null, catalog });
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

/** An action's text (docs/web.md, "Action texts") in words: card names for ids. */
function actionWords(text, catalog) {
  const cards = (catalog && catalog.cards) || {};
  const kinds = arr(catalog && catalog.menu && catalog.menu.kinds);
  const name = (id) => {
    if (cards[id]) return cards[id].name;
    const k = kinds.find((x) => x && x.kind === id);
    return k ? k.name : id;
  };
  const VERBS = { take: 'take', ask: 'ask for', give: 'give', order: 'order', copy: 'copy', flip: 'flip', menu: 're-roll', chopsticks: 'swap', dummy: 'the dummy gets', call: 'calling' };
  return String(text).split(' ').map((part) => {
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

function actionItems(actions, nameOf, catalog = null) {
  const text = (v) => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'string') return actionWords(v, catalog);
    if (Array.isArray(v)) return v.map(text).join(', ');
    if (typeof v === 'object') return String(v.action ?? v.text ?? JSON.stringify(v));
    return String(v);
  };
  if (actions === null || actions === undefined) return [];
  if (typeof actions === 'string') return [actions];
  if (Array.isArray(actions)) {
    return actions.map((a) => {
      if (a && typeof a === 'object' && !Array.isArray(a) && a.seat !== undefined) return `${nameOf(a.seat)}: ${text(a)}`;
      return text(a);
    }).filter(Boolean);
  }
  if (typeof actions === 'object') {
    return Object.entries(actions).map(([seat, a]) => `${nameOf(seat)}: ${text(a)}`);
  }
  return [String(actions)];
}

// ---------------------------------------------------------------------------
// Score calculator

function scorePage() {
  document.title = 'Score calculator — Sushi Go!';
  const slot = h('div', null, h('p', { class: 'muted' }, 'Loading…'));
  const resultEl = h('section', { id: 'score-result', 'aria-live': 'polite', 'aria-labelledby': 'h-result' });
  main.replaceChildren(
    h('h1', null, 'Score calculator'),
    h('p', null, 'Score a game played with real cards (or Sushi Roll dice): type what lies in front of each player at the end of each round. Rounds left empty are not scored yet.'),
    slot, resultEl);
  getOptions().then((opts) => slot.replaceChildren(scoreForm(opts, resultEl)));
}

const SCORE_GAMES = ['sushi-go', 'sushi-go-party', 'sushi-roll'];
const SCORE_PLAYERS = { 'sushi-go': [2, 5], 'sushi-go-party': [2, 8], 'sushi-roll': [2, 5] };
const SAVE_KEY = 'sushigo.score';

function scoreForm(opts, resultEl) {
  const party = opts.games.find((g) => g.name === 'sushi-go-party') || normGame(DEFAULT_OPTIONS.games[1], DEFAULT_OPTIONS.games[1]);
  const errorEl = h('p', { id: 'score-error', class: 'error', role: 'alert' });
  const gameSel = h('select', { id: 's-game', name: 'game' },
    SCORE_GAMES.map((g) => h('option', { value: g }, gameTitle(opts, g))));
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
  const count = () => parseInt(playersSel.value, 10) || 2;
  const dummy = () => game() === 'sushi-go' && count() === 2 && !!form.querySelector('input[name="dummy"]:checked');
  const seatCount = () => count() + (dummy() ? 1 : 0);

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
    const [lo, hi] = SCORE_PLAYERS[g];
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
        party.kinds ? h('option', { value: 'custom' }, 'Custom menu…') : null);
      const usable = [...menuSel.options].filter((o) => !o.disabled).map((o) => o.value);
      menuSel.value = usable.includes(prevMenu) ? prevMenu : (usable[0] || '');
      buildCustom();
    }
    helpEl.textContent = CARD_HELP[g] || '';
    buildSeats();
  }

  function buildCustom() {
    customBox.hidden = menuSel.value !== 'custom';
    customBox.replaceChildren(h('legend', null, 'Custom menu: 1 roll, 3 appetizers, 2 specials, 1 dessert'));
    if (!party.kinds) return;
    const chosen = values['custom-set'] || {};
    for (const c of CATEGORIES) {
      const box = h('fieldset', { class: 'group inner' }, h('legend', null, `${c.label} (${c.count})`));
      for (const k of party.kinds[c.key] || []) {
        const id = `s-custom-${k.key}`;
        box.append(h('div', { class: 'check' },
          h('input', { type: 'checkbox', id, name: `custom-${c.key}`, value: k.key, checked: !!chosen[k.key] }),
          h('label', { for: id }, k.name)));
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
    const placeholder = { 'sushi-go': 'e.g. tempura x2, wasabi, squid, maki 3', 'sushi-go-party': 'e.g. temaki x2, wasabi+squid, flipped:tofu', 'sushi-roll': 'e.g. tempura x3, wasabi+squid, pudding 1' }[g];
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

  gameSel.value = SCORE_GAMES.includes(val('game')) ? val('game') : 'sushi-go';
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

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    errorEl.textContent = '';
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
    if (!r.ok || !r.data) {
      errorEl.textContent = r.error || 'The server gave no result.';
      return;
    }
    renderScore(resultEl, r.data);
    const heading = resultEl.querySelector('h2');
    if (heading) { heading.tabIndex = -1; heading.focus(); }
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
    const typed = range(0, n - 1).map((i) => {
      const el = form.querySelector(`input[name="name-${i}"]`);
      return el ? el.value.trim() : '';
    });
    if (typed.some(Boolean)) sheet.names = typed.map((t, i) => t || `Player ${i + 1}`);

    const cardsOf = (r) => range(0, seats - 1).map((s) => {
      const el = form.querySelector(`input[name="r${r}-p${s}"]`);
      return el ? el.value.trim() : '';
    });
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
        if (kinds.length !== 7) return { error: `A custom menu has 7 card kinds besides nigiri (1 roll, 3 appetizers, 2 specials, 1 dessert); ${kinds.length} chosen.` };
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

function renderScore(el, res) {
  const names = arr(res.names).map(String);
  const rounds = arr(res.rounds);
  const isRoll = res.game === 'sushi-roll';
  const isParty = res.game === 'sushi-go-party';
  const totals = arr(res.totals);
  const puddings = arr(res.puddings);
  const dessertScores = Array.isArray(res.dessert_scores) ? res.dessert_scores : null;
  const tokenScores = Array.isArray(res.token_scores) ? res.token_scores : null;
  const nameAt = (x) => (Number.isInteger(x) && names[x] ? names[x] : String(x));
  const signed = (v) => (typeof v === 'number' ? (v > 0 ? `+${v}` : String(v)) : '—');

  const head = ['Player', ...rounds.map((r, i) => `R${r && r.round ? r.round : i + 1}`),
    isParty ? 'Desserts' : 'Puddings', 'Pts'];
  if (isRoll) head.push('Menus + chop.', 'Pts');
  head.push('Total');
  const body = names.map((nm, p) => {
    const row = [nm, ...rounds.map((r) => (r && arr(r.scores)[p] !== undefined ? arr(r.scores)[p] : '—')),
      puddings[p] ?? '—', dessertScores ? signed(dessertScores[p]) : '—'];
    if (isRoll) {
      const m = arr(res.menus)[p];
      const c = arr(res.chopsticks)[p];
      row.push(m !== undefined || c !== undefined ? `${m ?? '?'}+${c ?? '?'}` : '—', tokenScores ? signed(tokenScores[p]) : '—');
    }
    row.push(totals[p] ?? '—');
    return row;
  });

  const kids = [h('h2', { id: 'h-result' }, res.complete ? 'Final scores' : 'Scores so far')];
  if (res.menu && typeof res.menu === 'object') {
    kids.push(h('p', { class: 'small' }, `Menu: ${res.menu.name || res.menu.key || ''}${arr(res.menu.kinds).length ? ` (${arr(res.menu.kinds).map(prettyKey).join(', ')})` : ''}`));
  }
  kids.push(table(head, body, 'score-totals', 'Scores by round, desserts and totals'));
  const winners = arr(res.winners).map(nameAt);
  const leaders = arr(res.leaders).map(nameAt);
  if (res.winners && winners.length) {
    const best = Math.max(...totals.filter((t) => typeof t === 'number'));
    kids.push(h('p', { id: 'score-winners', class: 'winners' },
      winners.length === 1 ? `Winner: ${winners[0]}` : `Shared win: ${winners.join(' and ')}`,
      Number.isFinite(best) ? ` with ${best} points.` : '.'));
  } else if (leaders.length) {
    kids.push(h('p', { id: 'score-winners', class: 'winners' },
      `Leading: ${leaders.join(' and ')}. `,
      h('span', { class: 'small muted' }, isRoll ? 'Game-end points are scored once all three rounds and the menu and chopsticks tokens are given.' : 'Dessert points are scored once all three rounds are given.')));
  }
  const warnings = arr(res.warnings);
  if (warnings.length) {
    kids.push(h('div', { class: 'warnings', role: 'note' },
      h('h3', null, warnings.length === 1 ? 'Warning' : 'Warnings'),
      h('ul', null, warnings.map((w) => h('li', null, String(w))))));
  }

  rounds.forEach((r, i) => {
    if (!r || typeof r !== 'object') return;
    const bd = arr(r.breakdown);
    const keys = [];
    for (const b of bd) for (const k of Object.keys(b || {})) if (!keys.includes(k)) keys.push(k);
    const used = keys.filter((k) => bd.some((b) => b && b[k]));
    const cols = used.length ? used : keys;
    const rows = names.map((nm, p) => [nm, ...cols.map((k) => (bd[p] && bd[p][k] !== undefined ? bd[p][k] : 0)), arr(r.scores)[p] ?? '—']);
    const cards = arr(r.cards || r.trays);
    const num = r.round || i + 1;
    kids.push(h('details', { class: 'round-details', open: rounds.length === 1 },
      h('summary', null, `Round ${num}: breakdown`),
      table(['Player', ...cols.map(prettyKey), 'Round'], rows, `score-round-${num}`, `Round ${num} points by card family`),
      cards.length ? h('ul', { class: 'small cards-list' }, names.map((nm, p) => h('li', null, h('strong', null, `${nm}: `), arr(cards[p]).join(', ') || '(nothing)'))) : null,
      arr(r.uramaki_scored).some((v) => v) ? h('p', { class: 'small' }, `Uramaki scored during the round: ${names.map((nm, p) => `${nm} ${arr(r.uramaki_scored)[p] ?? 0}`).join(', ')}`) : null));
  });
  el.replaceChildren(...kids);
}

function table(head, rows, id, caption) {
  return h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': caption },
    h('table', { id, class: 'score-table' },
      h('caption', { class: 'visually-hidden' }, caption),
      h('thead', null, h('tr', null, head.map((c, i) => h('th', { scope: 'col', class: i ? 'num' : null }, c)))),
      h('tbody', null, rows.map((r) => h('tr', null, r.map((c, i) => (i ? h('td', { class: 'num' }, String(c)) : h('th', { scope: 'row' }, String(c)))))))));
}

// ---------------------------------------------------------------------------

route();
