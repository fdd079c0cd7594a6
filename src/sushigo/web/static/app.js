/*
 * sushigo web front end: plain ES modules, no build step, loaded by index.html.
 * This module routes by path to a page:
 *
 *   /              lobby.js    the tables, the create form and the finished games
 *   /t/{id}        table.js    a table (its WebSocket: connection.js; the board: board.js)
 *   /replay/{id}   replay.js   a finished game, step by step
 *   /score         score.js    the score calculator
 *
 * api.js holds the JSON API, localStorage and the game options (GET /api/options);
 * dom.js the DOM helpers. The protocol is docs/web.md.
 */

import { rulesLink } from './api.js';
import { h, main } from './dom.js';
import { lobbyPage } from './lobby.js';
import { replayPage } from './replay.js';
import { rulesPage } from './rules.js';
import { scorePage } from './score.js';
import { tablePage } from './table.js';

function route() {
  const path = (location.pathname.replace(/\/+$/, '') || '/');
  let m;
  try {
    if (path === '/') return lobbyPage();
    if ((m = path.match(/^\/t\/([^/]+)$/))) return tablePage(decodeURIComponent(m[1]));
    if ((m = path.match(/^\/replay\/([^/]+)$/))) return replayPage(decodeURIComponent(m[1]));
    if (path === '/score') return scorePage();
    if ((m = path.match(/^\/rules\/([^/]+)$/))) return rulesPage(decodeURIComponent(m[1]));
  } catch (err) {
    console.error(err);
    main.replaceChildren(h('h1', null, 'Something went wrong'), h('p', { role: 'alert' }, String(err && err.message || err)));
    return;
  }
  document.title = 'Not found — Sushi Go!';
  main.replaceChildren(h('h1', null, 'Page not found'), h('p', null, h('a', { href: '/' }, 'Back to the tables')));
}

rulesLink(null);
route();
