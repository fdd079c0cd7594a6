/*
 * The server's JSON API (docs/web.md, "HTTP"), what the browser keeps in
 * localStorage, and the game options every page reads. Plain ES module, no build.
 *
 * localStorage: a seat's token "sushigo.token.<tableId>", the last name typed
 * "sushigo.name", the score sheet being typed "sushigo.score".
 */

import { sentence } from './dom.js';

/** fetch JSON: {ok, status, data, error} and never throws; `error` is a sentence. */
export async function api(path, options = {}) {
  const init = { method: options.method || 'GET', headers: { Accept: 'application/json' } };
  if (options.body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
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

// --- localStorage (none in a private window: then nothing is kept) ----------

export function lsGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
export function lsSet(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode */ }
}
function lsDel(key) {
  try { localStorage.removeItem(key); } catch { /* private mode */ }
}

const tokenKey = (id) => `sushigo.token.${id}`;
export const getToken = (id) => lsGet(tokenKey(id)) || null;
export const setToken = (id, token) => { if (token) lsSet(tokenKey(id), token); };
export const forgetToken = (id) => lsDel(tokenKey(id));
export const savedName = () => lsGet('sushigo.name') || '';
export const saveName = (name) => { if (name) lsSet('sushigo.name', name); };

// --- GET /api/options -------------------------------------------------------
//
// {"games": [{"name", "title", "players": [lo, hi], "score_help", "score_example",
//             "variants"?: [{"key", "text", "players"?: [lo, hi]}],      (Sushi Go!)
//             "menus"?: [{"key", "name", "players", "kinds"}],    (Party; kinds: nigiri first)
//             "kinds"?: {category: [kind, ...]}, "categories"?: [{"key", "label", "count"}],
//             "limits"?: {kind: [lo, hi]}}, ...],         (Party: kinds not for 2-8 players)
//  "bots": [{"name", "title", "levels"?: [1, ...]}], "timers": [0, 15, ...]}

let optionsPromise = null;

/** The game options (fetched once): rejects, with a sentence to show, if the server
 * does not give them (and asks again next time). */
export function getOptions() {
  if (!optionsPromise) {
    optionsPromise = api('/api/options').then((r) => {
      if (r.ok) return r.data;
      optionsPromise = null;
      throw new Error(`The game options could not be loaded. ${r.error}`);
    });
  }
  return optionsPromise;
}

export function gameTitle(opts, name) {
  const game = opts.games.find((g) => g.name === name);
  return game ? game.title : name;
}

/** Whether `count` players is within `players` ([lo, hi]; none: any). */
export function fits(players, count) {
  return !players || (count >= players[0] && count <= players[1]);
}

/** Whether every kind of a Party menu may be played by `count` players. */
export function menuFits(party, kinds, count) {
  return kinds.every((k) => fits(party.limits[k], count));
}

/** What a Party menu holds besides nigiri: "1 roll, 3 appetizers, 2 specials, 1 dessert". */
export function menuParts(party) {
  return party.categories.map((c) => `${c.count} ${c.label.toLowerCase()}`).join(', ');
}

/** The site header's "How to play" opens the rules of the game being played, looked
 * at or last played (remembered), not always Sushi Go!'s. */
export function rulesLink(game) {
  if (game) lsSet('sushigo.game', game);
  const link = document.getElementById('nav-rules');
  const current = game || lsGet('sushigo.game');
  if (link && current) link.href = `/rules/${encodeURIComponent(current)}`;
}
