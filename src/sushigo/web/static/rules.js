/*
 * How to play (/rules/{game}): GET /api/rules/{game} ->
 *   {"game", "title", "summary" (text: paragraphs, hard-wrapped lines, indented tables),
 *    "rulings": [sentence], "groups": [{"title", "category", "rule", "cards"}],
 *    "catalog": {"cards": {id: {name, short, family, colour, icons, rule, order?}},
 *                "dice"? (Sushi Roll: {die: [six faces]})},
 *    "menus"? (Sushi Go Party!: [{"key", "name", "players", "kinds"}])}
 * A group's "cards" is a list of ids, or {id: copies in the box} (Party).
 *
 * The summary is the text `sushigo rules` prints: it is read back into paragraphs and
 * lists here (a line of its own starting "Label:" opens a paragraph; indented lines are
 * list items, "term   text" columns among them). The cards are drawn by cards.js, as
 * the board draws them, with their rule in a tooltip and dialog.
 *
 * DOM hooks (for end-to-end tests): #rules (the page), #rules-summary, #rules-cards
 * (.rl-group[data-group] each: .rl-cards .sg-card[data-rule=<id>], .rl-rule),
 * #rules-menus (Party: .rl-menu[data-menu=<key>]), #rulings, #rules-quick,
 * #rules-quick-error, #rules-missing (an unknown game).
 */

import { api, getOptions, rulesLink, savedName } from './api.js';
import { drawCard, enableRules } from './cards.js';
import { enc, h, main, prettyKey } from './dom.js';
import { GAME_ORDER, GAMES, gameArt, quickMenu, quickPlay } from './lobby.js';

/** The categories of Sushi Go Party!, in the order the menu is chosen. */
const CATEGORIES = ['Nigiri', 'Roll', 'Appetizer', 'Special', 'Dessert'];
const CATEGORY_TEXT = {
  Nigiri: 'Every menu has nigiri.',
  Roll: 'A menu has one kind of roll.',
  Appetizer: 'A menu has three kinds of appetizer.',
  Special: 'A menu has two kinds of special.',
  Dessert: 'A menu has one dessert.',
};

export function rulesPage(game) {
  document.title = 'How to play — Sushi Go!';
  main.replaceChildren(h('p', { class: 'loading' }, 'Loading the rules…'));
  (async () => {
    let games = GAME_ORDER.map(([name, title]) => ({ name, title }));
    try {
      const opts = await getOptions();
      if (opts && Array.isArray(opts.games) && opts.games.length) games = opts.games;
    } catch {
      // the titles above will do
    }
    if (!games.some((g) => g.name === game)) {
      missing(game, games);
      return;
    }
    const r = await api(`/api/rules/${enc(game)}`);
    if (!r.ok) {
      if (r.status === 404) missing(game, games);
      else main.replaceChildren(h('h1', null, 'How to play'), h('p', { class: 'error', role: 'alert' }, r.error), switcher(game, games));
      return;
    }
    rulesLink(game);
    render(r.data, games);
  })();
}

/** The three games' how-to-play pages, the current one marked. */
function switcher(current, games) {
  return h('nav', { class: 'rl-switch', 'aria-label': 'Games' },
    games.map((g) => h('a', {
      href: `/rules/${enc(g.name)}`, class: 'rl-tab', 'aria-current': g.name === current ? 'page' : null,
    }, g.title)));
}

function missing(game, games) {
  document.title = 'No such game — Sushi Go!';
  main.replaceChildren(h('section', { id: 'rules-missing', class: 'card rl-missing' },
    h('h1', null, 'No such game'),
    h('p', null, `There is no game called “${game}” here. The rules of each game are on these pages:`),
    h('ul', { class: 'rl-missing-list' }, games.map((g) => h('li', null,
      h('a', { href: `/rules/${enc(g.name)}` }, `How to play ${g.title}`)))),
    h('p', null, h('a', { href: '/' }, 'Back to the tables'))));
}

// --- the page -------------------------------------------------------------------

function render(data, games) {
  const game = data.game;
  const title = data.title || game;
  document.title = `How to play ${title} — Sushi Go!`;
  const catalog = data.catalog || { cards: {} };
  const cards = catalog.cards || {};
  const groups = Array.isArray(data.groups) ? data.groups : [];
  const byCard = new Map(); // card id -> its group
  for (const g of groups) for (const id of groupCards(g)) byCard.set(id, g);

  const info = GAMES[game];
  const meta = games.find((g) => g.name === game);
  const sections = [
    ['rules-summary-h', 'How a game goes'],
    ['rules-cards-h', game === 'sushi-roll' ? 'The dice faces' : 'The cards'],
  ];
  if (Array.isArray(data.menus) && data.menus.length) sections.push(['rules-menus-h', 'Suggested menus']);
  if (Array.isArray(data.rulings) && data.rulings.length) sections.push(['rulings-h', 'Rulings']);

  const quickError = h('p', { id: 'rules-quick-error', class: 'error', role: 'alert' });
  const quick = h('button', { id: 'rules-quick', type: 'button', class: 'primary' }, 'Play against bots');
  quick.addEventListener('click', async () => {
    quickError.textContent = '';
    quick.disabled = true;
    quick.textContent = 'Starting…';
    const lo = meta && meta.players ? meta.players[0] : 2;
    const hi = meta && meta.players ? meta.players[1] : 5;
    const players = Math.min(hi, Math.max(lo, info ? info.players : 3));
    const menu = meta && meta.menus ? quickMenu(meta, players) : null;
    const options = meta && meta.menus ? { menu: menu ? menu.key : 'random' } : undefined;
    const error = await quickPlay({ game, players, name: savedName(), options });
    if (error) {
      quickError.textContent = error;
      quick.disabled = false;
      quick.textContent = 'Play against bots';
    }
  });

  const page = h('article', { id: 'rules', class: 'rl-page', 'data-game': game },
    switcher(game, games),
    h('header', { class: 'rl-head' },
      h('div', { class: 'rl-head-text' },
        h('p', { class: 'rl-kicker' }, 'How to play'),
        h('h1', null, title),
        info ? h('p', { class: 'rl-blurb' }, info.blurb) : null,
        h('div', { class: 'rl-head-actions' },
          quick,
          h('a', { class: 'button', href: '/' }, 'Create a table')),
        quickError),
      gameArt(game)),
    h('nav', { class: 'rl-toc', 'aria-label': 'On this page' },
      h('span', { class: 'rl-toc-label' }, 'On this page:'),
      sections.map(([id, text]) => h('a', { href: `#${id}` }, text))),
    h('section', { id: 'rules-summary', class: 'card rl-section', 'aria-labelledby': 'rules-summary-h' },
      h('h2', { id: 'rules-summary-h' }, 'How a game goes'),
      summaryBlocks(data.summary || ''),
      catalog.dice ? diceBlock(catalog, byCard) : null),
    h('section', { id: 'rules-cards', class: 'card rl-section', 'aria-labelledby': 'rules-cards-h' },
      h('h2', { id: 'rules-cards-h' }, game === 'sushi-roll' ? 'The dice faces' : 'The cards'),
      h('p', { class: 'muted small rl-hint' }, 'Point at a card, or tap it, to see its rule close up.'),
      cardSections(game, groups, cards)),
    sections.some(([id]) => id === 'rules-menus-h') ? menusBlock(data.menus, groups, cards, meta) : null,
    sections.some(([id]) => id === 'rulings-h')
      ? h('section', { id: 'rulings', class: 'card rl-section', 'aria-labelledby': 'rulings-h' },
        h('h2', { id: 'rulings-h' }, 'Rulings'),
        h('p', { class: 'muted' }, 'Where the rulebook is silent, this is how the game is played here.'),
        h('ul', { class: 'rl-rulings' }, data.rulings.map((t) => h('li', null, labelled(clean(t))))))
      : null,
    h('p', { class: 'rl-foot' }, h('a', { href: '/' }, 'Back to the tables'), ' · ', h('a', { href: '/score' }, 'Score calculator')));

  main.replaceChildren(page);
  enableRules(page, (ids) => ids.map((id) => {
    const c = cards[id] || { id, name: id, short: id, colour: 'plain' };
    const g = byCard.get(id);
    return {
      id, name: c.name || id, rule: c.rule || (g && g.rule) || null,
      category: g && g.category ? g.category : null, cards: null,
      spec: { ...cardSpec(game, cards, id), size: 'big' },
    };
  }));
  if (location.hash) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
}

/** A group's card ids: a list, or the keys of {id: copies}. */
function groupCards(group) {
  const c = group.cards;
  if (Array.isArray(c)) return c;
  return c && typeof c === 'object' ? Object.keys(c) : [];
}

function copies(group, id) {
  const c = group.cards;
  return c && !Array.isArray(c) && typeof c === 'object' && Number.isFinite(c[id]) ? c[id] : null;
}

const slug = (text) => String(text).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** What cards.js draws for a card of the catalog (as board.js's cardSpec does). */
function cardSpec(game, cards, id) {
  const c = cards[id] || { id, name: id, short: prettyKey(id), colour: 'plain' };
  const icons = Number(c.icons) > 0 ? Number(c.icons) : null;
  const order = Number.isFinite(c.order) ? c.order : null;
  return {
    id, ids: [id], label: c.short || c.name || id, name: c.name || c.short || id,
    colour: c.colour || 'plain', count: 1, pip: icons ?? order, family: c.family || null,
    size: 'table', die: game === 'sushi-roll', flipped: false,
  };
}

/** One card, as board.js's chip() draws it: a button opening its rule. */
function card(game, cards, id, key) {
  return drawCard(cardSpec(game, cards, id), { tag: 'button', open: true, attrs: { 'data-key': key } });
}

function groupRow(game, group, cards) {
  const ids = groupCards(group);
  const id = `group-${slug(group.title)}`;
  const counted = ids.map((c) => copies(group, c)).filter((n) => n !== null);
  const total = counted.reduce((a, b) => a + b, 0);
  return h('article', { class: 'rl-group', id, 'data-group': group.title, 'aria-labelledby': `${id}-h` },
    h('div', { class: 'rl-cards' }, ids.map((c) => {
      const n = copies(group, c);
      return h('figure', { class: 'rl-card' },
        card(game, cards, c, `${id}:${c}`),
        n !== null ? h('figcaption', { class: 'rl-copies' }, `×${n}`) : null);
    })),
    h('div', { class: 'rl-text' },
      h('h3', { id: `${id}-h` }, group.title),
      h('p', { class: 'rl-rule' }, clean(group.rule || '')),
      counted.length ? h('p', { class: 'muted small rl-box' }, `${total} card${total === 1 ? '' : 's'} in the box`) : null));
}

function cardSections(game, groups, cards) {
  if (!groups.some((g) => g.category)) return h('div', { class: 'rl-groups' }, groups.map((g) => groupRow(game, g, cards)));
  const cats = [...new Set([...CATEGORIES.filter((c) => groups.some((g) => g.category === c)), ...groups.map((g) => g.category)])];
  return cats.map((cat) => h('section', { class: 'rl-category', id: `category-${slug(cat)}`, 'aria-labelledby': `category-${slug(cat)}-h` },
    h('h3', { class: 'rl-category-h', id: `category-${slug(cat)}-h` }, plural(cat),
      CATEGORY_TEXT[cat] ? h('span', { class: 'rl-category-note' }, CATEGORY_TEXT[cat]) : null),
    h('div', { class: 'rl-groups' }, groups.filter((g) => g.category === cat).map((g) => groupRow(game, g, cards)))));
}

function plural(category) {
  if (category === 'Nigiri') return 'Nigiri';
  return `${category}s`;
}

/** Sushi Roll's dice: each die's six faces. */
function diceBlock(catalog, byCard) {
  const dice = Object.entries(catalog.dice || {});
  if (!dice.length) return null;
  return h('div', { class: 'rl-dice' }, dice.map(([name, faces]) => h('div', { class: 'rl-die' },
    h('h3', null, `${prettyKey(name)} die`),
    h('div', { class: 'rl-die-faces' }, faces.map((f, i) => {
      const node = card('sushi-roll', catalog.cards || {}, f, `die:${name}:${i}`);
      if (!byCard.has(f)) node.classList.add('rl-extra');
      return node;
    })))));
}

/** Sushi Go Party!'s suggested menus: their kinds, linked to the cards above. */
function menusBlock(menus, groups, cards, meta) {
  const kindGroup = (kind) => groups.find((g) => groupCards(g).some((id) => (cards[id] || {}).family === kind || id === kind));
  const kindColour = (kind) => {
    const g = kindGroup(kind);
    const first = g ? groupCards(g).find((id) => (cards[id] || {}).family === kind) || groupCards(g)[0] : null;
    return (first && cards[first] && cards[first].colour) || 'plain';
  };
  const errorEl = h('p', { id: 'rules-menu-error', class: 'error', role: 'alert' });
  return h('section', { id: 'rules-menus', class: 'card rl-section', 'aria-labelledby': 'rules-menus-h' },
    h('h2', { id: 'rules-menus-h' }, 'Suggested menus'),
    h('p', { class: 'muted' }, 'Each menu is nigiri and seven more kinds of card. Start with one of these, or choose your own when you create a table.'),
    errorEl,
    h('div', { class: 'rl-menus' }, menus.map((m) => {
      const [lo, hi] = m.players || [2, 8];
      const play = h('button', { type: 'button', class: 'rl-menu-play', 'data-menu': m.key, 'aria-label': `Play ${m.name} against bots` }, 'Play it against bots');
      play.addEventListener('click', async () => {
        errorEl.textContent = '';
        play.disabled = true;
        const players = Math.min(hi, Math.max(lo, GAMES['sushi-go-party'].players, meta && meta.players ? meta.players[0] : 2));
        const error = await quickPlay({ game: 'sushi-go-party', players, name: savedName(), options: { menu: m.key } });
        if (error) {
          errorEl.textContent = error;
          play.disabled = false;
        }
      });
      return h('article', { class: 'rl-menu', 'data-menu': m.key },
        h('h3', null, m.name),
        h('p', { class: 'muted small' }, lo === hi ? `${lo} players` : `${lo} to ${hi} players`),
        h('ul', { class: 'rl-kinds' }, (m.kinds || []).map((k) => {
          const g = kindGroup(k);
          const label = g ? g.title : prettyKey(k);
          return h('li', null, h('a', { class: `rl-kind c-${kindColour(k)}`, href: g ? `#group-${slug(g.title)}` : null }, label));
        })),
        play);
    })));
}

// --- the summary: text to paragraphs and lists --------------------------------

/** Words meant for the terminal (options, the project's notes) left out of the page. */
function clean(text) {
  return String(text)
    .replace(/\s*\(--[^)]*\)/g, '')
    .replace(/;\s*[^;().]*--[a-z][^;().]*/g, '')
    .replace(/\s*\(FACTS\.md\)/g, '')
    .replace(/;\s*FACTS\.md\)/g, ')');
}

const TERMINAL = /[.:;!?]$/;
const LABEL = /^([A-Za-z][\w ,'()/-]{0,26}?):(\s|$)/;

function isLabel(text) {
  const m = LABEL.exec(text);
  return !!m && m[1].split(/\s+/).length <= 4;
}

/** The summary's text as blocks: {p: text} and {list: [{term?, text, indent}]}. */
export function parseSummary(text) {
  const blocks = [];
  for (const para of String(text).replace(/\r/g, '').split(/\n\s*\n/)) {
    let prose = null;
    let list = null;
    let prev = '';
    for (const raw of para.split('\n')) {
      if (!raw.trim()) continue;
      const indent = raw.length - raw.trimStart().length;
      const body = raw.trim();
      if (indent === 0) {
        list = null;
        if (prose && !(TERMINAL.test(prev) && isLabel(body))) prose.p += ` ${body}`;
        else blocks.push(prose = { p: body });
      } else {
        prose = null;
        if (!list) blocks.push(list = { list: [] });
        const items = list.list;
        const last = items[items.length - 1];
        const parts = body.split(/\s{2,}/);
        if (parts.length >= 2) {
          if (parts.length % 2 === 0) {
            for (let i = 0; i < parts.length; i += 2) items.push({ term: parts[i], text: parts[i + 1], indent });
          } else {
            items.push({ term: parts[0], text: parts.slice(1).join(' '), indent });
          }
        } else if (last && (!TERMINAL.test(prev)
            || (/^[a-z(]/.test(body) && !isLabel(body) && indent >= last.indent))) {
          last.text += ` ${body}`;
        } else {
          items.push({ text: body, indent });
        }
      }
      prev = body;
    }
  }
  return blocks;
}

/** A term of a table: a key (pass-both-ways) as words. */
function termText(term) {
  return /^[a-z]+(-[a-z]+)*$/.test(term) ? prettyKey(term) : term;
}

/** Text with a leading "Label:" in bold. */
function labelled(text) {
  const m = LABEL.exec(text);
  if (!m || !isLabel(text)) return [text];
  const rest = text.slice(m[0].length).trim();
  return [h('strong', null, `${m[1]}:`), rest ? ` ${rest}` : ''];
}

function summaryBlocks(text) {
  const blocks = parseSummary(clean(text));
  const out = [];
  blocks.forEach((b, i) => {
    if (b.p !== undefined) {
      const text = i === 0 ? b.p.replace(/ - /g, ' – ') : b.p;
      out.push(h('p', { class: i === 0 ? 'rl-lead' : null }, labelled(text)));
    } else {
      const base = Math.min(...b.list.map((it) => it.indent));
      out.push(h('ul', { class: 'rl-list' }, b.list.map((it) => h('li', {
        class: [it.term ? 'rl-pair' : null, it.indent > base ? 'rl-sub' : null].filter(Boolean).join(' ') || null,
      }, it.term ? [h('span', { class: 'rl-term' }, termText(it.term)), ' ', h('span', { class: 'rl-def' }, it.text)]
        : labelled(it.text)))));
    }
  });
  return h('div', { class: 'rl-summary' }, out);
}
