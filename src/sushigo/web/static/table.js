/*
 * A table (/t/{id}): its seats, the board (board.js), this browser's seat, the table
 * talk, the round summaries and the ranked end, over the table's WebSocket
 * (connection.js; the protocol is docs/web.md). Styled by table.css.
 *
 * Sent: {"type": "join", "token"?} (every connection), {"type": "act", "action",
 * "step"}, {"type": "hint"}, {"type": "rematch"}, {"type": "chat", "text" | "emote"},
 * {"type": "hand_to_bot", "seat"}; POST /api/tables/{id}/join {"name"} -> {"seat",
 * "token"} to take a free seat. The seat's token is kept in localStorage (api.js).
 * GET /api/tables/{id} before each connection of a seated browser: a seat a bot
 * stood in for (stand_in) is taken back by the join, and the page says so.
 *
 * Read: welcome.seat, welcome.table (the table's summary, as GET /api/tables/{id},
 * plus "catalog"), welcome.chat and welcome.emotes, welcome.reclaimed and
 * welcome.away (what a bot chose for this seat meanwhile: "While you were away...");
 * stand_in.text (a bot took a seat, or its person is back: shown in #reclaimed);
 * chat.entry; state.seats
 * (connected, away_since, stand_in), state.decided (seats that chose this step),
 * state.deadline, state.rematch (the rematch table's id), frame.to_act, frame.legal,
 * frame.results (a round summary when it grows), frame.final (places, ranking,
 * winners, text); the ack's label and timeout (the turn timer chose), forced
 * decisions of this seat; hints' summary, note and each hint's label, effect and
 * plain; the ack's step (the step the decision was made at) and changed; the
 * state's chosen (this seat's own choice towards the next step). Error
 * codes handled: bad_token (forget the token, watch), replaced (the seat opened
 * elsewhere: stop reconnecting, offer "Use this seat here"), no_table (stop);
 * chat_slow, and spectator / bad_message answering a chat, next to the talk's input;
 * no_seat, not_human, not_yet, game_over answering a hand_to_bot, next to its
 * button; the rest on the game's error line.
 *
 * /t/{id}?join=1 focuses the take-a-seat form; /t/{id}?watch=1 hides it.
 *
 * Layout: on a phone one column (the table's details and the talk folded into a
 * line each above the board, so that the hand is on the first screen once play
 * starts); from 64rem the talk and the table's details are a column beside the
 * board. The invite link and the seats fold away once play starts.
 *
 * DOM hooks (for end-to-end tests): #table-title, #how-to-play, #status, #error,
 * #table-info (details: #share-url, #copy, #seats li[data-seat] .you, #sit),
 * #away (.away-note[data-seat], button.hand-to-bot[data-seat], #away-error), #board,
 * #timer, #notice, #hint, #hint-summary, #hint-note, #hints, #talk (details:
 * #talk-unread, #talk-list li[data-n], #talk-form, #talk-input, #talk-send,
 * .talk-emote, #talk-error, #talk-readonly), #round-summary (dialog, data-round,
 * #round-continue), #final-screen (#final-title, #final-ranking li[data-seat]
 * [data-place]), #rematch, #rematch-link, #replay-link, #record-link, #take-seat
 * (name), #watch, #use-here, #reclaimed; #announcer (the polite live region, on the
 * body, made once: your turn, the reveal, a round's end, the winner, the connection),
 * #sound (the mute switch, aria-pressed).
 *
 * A choice (issue 25): `sending` until its ack, `stored` once acknowledged (the only
 * way it is shown as made), `queued` when tapped while not connected (sent on
 * reconnection if still legal at its step, else dropped and said). In a simultaneous
 * pick the hand stays usable after a choice: another tap changes it until the reveal
 * (state.chosen is the server's word on it after a reload or a reconnection).
 */

import { api, forgetToken, getToken, rulesLink, savedName, saveName, setToken } from './api.js';
import { renderBoard } from './board.js';
import { Connection } from './connection.js';
import { $, enc, h, main, prettyKey, sentence } from './dom.js';
import { play, soundButton } from './sound.js';

const NOT_CONNECTED = 'Not connected to the server; trying again…';
/** From this width the talk and the table's details are a column beside the board. */
const WIDE = '(min-width: 64rem)';

export function tablePage(id) {
  const params = new URLSearchParams(location.search);

  /** What the page knows of the table and of this browser's seat. */
  const st = {
    token: getToken(id), // this browser's seat token (none: watching)
    seat: null, // this browser's seat (null: watching)
    table: null, // the table's summary (GET /api/tables/{id}, welcome)
    catalog: null, // how to draw the cards (welcome)
    last: null, // the last state message
    step: null, // its step
    status: 'connecting', // the table's status (waiting, playing, finished, abandoned)
    sentFor: null, // the step an act was sent for, awaiting its ack
    ackedFor: null, // the step our decision is stored for
    // this seat's decision: {step, text, label, timeout, forced, status}; status is
    // `queued` (made while not connected: sent on reconnection if still legal),
    // `sending` (sent, no ack yet) or `stored` (acknowledged: only an ack says so)
    chosen: null,
    announcedTurn: null, // the step whose "your turn" was announced
    connectedOnce: false, // a welcome came once (later ones are reconnections)
    finalWaits: false, // the last round's summary is open: the final screen after it
    deadline: null, // when the turn timer runs out (epoch seconds)
    watchChosen: params.has('watch'), // the visitor chose to watch, not to sit
    skew: 0, // the server's clock minus the browser's, in seconds (each state's `now`)
    resultsSeen: null, // rounds finished when the page first saw the game (null: no frame yet)
    talkSent: false, // a chat message is on its way (its answer: the entry or an error)
    handingSeat: null, // the seat of a hand_to_bot on its way
    talkTop: -1, // the highest message number shown
    talkLoaded: false, // the talk so far has been read (a welcome)
    unread: 0, // messages come while the talk is folded
    infoAuto: true, // the table's details open or fold with the status (until the visitor does it)
  };
  /** A decision is on its way (sent, no ack yet): the actions wait for its answer. */
  const pending = () => !!st.chosen && st.chosen.step === st.step && st.chosen.status === 'sending';
  /** This seat has chosen this step (stored, on its way or queued), or the rules did. */
  const hasChosen = () => (!!st.chosen && st.chosen.step === st.step)
    || (st.seat !== null && !!st.last && st.last.decided.includes(st.seat));
  let focusedFor = null; // the decision the hand was last focused for
  let countdownTimer = null;
  let awayTimer = null;

  const baseTitle = `Table ${id} — Sushi Go!`;
  document.title = baseTitle;
  main.classList.add('table-page');

  const shareUrl = `${location.origin}/t/${enc(id)}`;
  const titleEl = h('h1', { id: 'table-title' }, `Table ${id}`);
  const howTo = h('a', { id: 'how-to-play', class: 'how-to-play', href: '/rules', hidden: true }, 'How to play');
  // The status line: always shown (the connection, the turn, whether the choice is
  // stored). Not itself live: the announcer below speaks, once per event.
  const statusEl = h('p', { id: 'status', class: 'status' }, 'Connecting…');
  // One polite live region for the whole visit, never redrawn: your turn, the reveal
  // (who took what), a round's end, the winner, the connection lost and back.
  const announcer = document.getElementById('announcer')
    || h('div', { id: 'announcer', class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
  if (!announcer.isConnected) document.body.append(announcer);
  const soundBtn = soundButton();
  // The turn timer: a bar on the prompt (put in #decision after each draw).
  const timerFill = h('span', { class: 'turn-timer-fill' });
  const timerText = h('span', { class: 'turn-timer-text' });
  const timerEl = h('div', { id: 'timer', class: 'turn-timer', hidden: true },
    h('span', { class: 'turn-timer-bar', 'aria-hidden': 'true' }, timerFill), timerText);
  // What the server played for this seat (the turn timer ran out), until it chooses again.
  const noticeEl = h('p', { id: 'notice', class: 'turn-notice', role: 'alert', hidden: true });
  const errorEl = h('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const reclaimedEl = h('p', { id: 'reclaimed', class: 'table-note', role: 'status', hidden: true });
  const copyNote = h('span', { id: 'copy-note', class: 'small muted', 'aria-live': 'polite' });
  const shareIn = h('input', { id: 'share-url', type: 'text', readonly: true, value: shareUrl });
  const copyBtn = h('button', { id: 'copy', type: 'button' }, 'Copy link');
  const seatsEl = h('ul', { id: 'seats', class: 'seats' });
  const boardEl = h('div', { id: 'board', class: 'board-container' });
  const hintBtn = h('button', { id: 'hint', type: 'button', disabled: true }, 'Hint');
  const rematchBtn = h('button', { id: 'rematch', type: 'button', hidden: true, class: 'primary' }, 'Rematch');
  const replayLink = h('a', { id: 'replay-link', class: 'button', href: `/replay/${enc(id)}`, hidden: true }, 'Replay');
  const recordLink = h('a', { id: 'record-link', class: 'button', href: `/api/tables/${enc(id)}/record`, download: `sushigo-${id}.json`, hidden: true }, 'Download record');
  const rematchLink = h('a', { id: 'rematch-link', class: 'button primary', href: '/', hidden: true }, 'Go to the rematch');
  const hereBtn = h('button', { id: 'use-here', type: 'button', hidden: true }, 'Use this seat here');

  // --- hints: the summary, how sure, then each choice in words ---
  const hintSummary = h('p', { id: 'hint-summary', class: 'hint-summary' });
  const hintNote = h('p', { id: 'hint-note', class: 'hint-note small muted' });
  const hintsEl = h('ol', { id: 'hints', class: 'hints' });
  const hintsMore = h('details', { class: 'hints-more', open: window.matchMedia(WIDE).matches },
    h('summary', null, 'Every choice'), hintsEl);
  const hintsBox = h('section', { id: 'hints-box', class: 'hints-box', 'aria-label': 'Hints', 'aria-live': 'polite', hidden: true },
    hintSummary, hintNote, hintsMore);
  // The hint button and the hints sit in the prompt (#decision), as the timer does.
  const hintTools = h('div', { class: 'decision-tools' }, hintBtn, hintsBox);
  const controlsEl = h('div', { class: 'controls' });

  // --- take a seat ---
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

  // --- the table's details: invite link and seats, folded once play starts ---
  const infoSummary = h('span', { class: 'fold-title' }, 'Table · invite link');
  const infoEl = h('details', { id: 'table-info', class: 'fold table-info', open: true },
    h('summary', null, infoSummary),
    h('div', { class: 'fold-body' },
      h('section', { class: 'share', 'aria-label': 'Invite link' },
        h('label', { for: 'share-url' }, 'Invite link'),
        h('div', { class: 'row' }, shareIn, copyBtn, copyNote)),
      h('section', { class: 'seats-box', 'aria-labelledby': 'h-seats' },
        h('h2', { id: 'h-seats', class: 'small-heading' }, 'Seats'), seatsEl, sitBtn)));

  // --- seats that went away ---
  const awayList = h('div', { class: 'away-list' });
  const awayError = h('p', { id: 'away-error', class: 'error', role: 'alert' });
  const awayEl = h('section', { id: 'away', class: 'away', 'aria-label': 'Players away', hidden: true }, awayList, awayError);

  // --- table talk ---
  const talkUnread = h('span', { id: 'talk-unread', class: 'talk-unread', hidden: true });
  const talkList = h('ol', { id: 'talk-list', class: 'talk-list', 'aria-label': 'Messages' });
  const talkEmpty = h('p', { class: 'talk-empty small muted' }, 'No messages yet.');
  const talkLive = h('p', { id: 'talk-live', class: 'visually-hidden', 'aria-live': 'polite' });
  const talkInput = h('input', { id: 'talk-input', type: 'text', maxlength: '200', autocomplete: 'off', enterkeyhint: 'send', 'aria-label': 'Message to the table', placeholder: 'Say something…' });
  const talkSend = h('button', { id: 'talk-send', type: 'submit' }, 'Send');
  const talkEmotes = h('div', { class: 'talk-emotes', role: 'group', 'aria-label': 'Emotes' });
  const talkError = h('p', { id: 'talk-error', class: 'error talk-error', role: 'alert' });
  const talkForm = h('form', { id: 'talk-form', class: 'talk-form', hidden: true },
    h('div', { class: 'talk-line' }, talkInput, talkSend), talkEmotes);
  const talkReadonly = h('p', { id: 'talk-readonly', class: 'small muted', hidden: true },
    'You are watching: you can read the table talk; the players write in it.');
  const talkEl = h('details', { id: 'talk', class: 'fold talk', open: window.matchMedia(WIDE).matches },
    h('summary', null, h('span', { class: 'fold-title' }, 'Table talk'), ' ', talkUnread),
    h('div', { class: 'fold-body' }, talkList, talkEmpty, talkForm, talkError, talkReadonly));

  // --- the round just over, until Continue ---
  const summaryEl = h('dialog', { id: 'round-summary', class: 'round-summary', 'aria-labelledby': 'round-summary-title' });
  // --- the end: the players by rank ---
  const finalActions = h('div', { class: 'final-actions' }, rematchBtn, rematchLink, replayLink, recordLink);
  const finalEl = h('section', { id: 'final-screen', class: 'final-screen', 'aria-labelledby': 'final-title', tabindex: '-1', hidden: true });

  const layoutEl = h('div', { class: 'table-layout' },
    h('div', { class: 'table-side' }, infoEl, awayEl, talkEl, talkLive),
    h('section', { class: 'game', 'aria-labelledby': 'h-board' },
      h('h2', { id: 'h-board', class: 'visually-hidden' }, 'Game'),
      summaryEl,
      boardEl,
      controlsEl));
  main.replaceChildren(
    h('header', { class: 'table-head' }, titleEl, statusEl, h('span', { class: 'table-tools' }, howTo, soundBtn)),
    finalEl,
    errorEl, reclaimedEl, hereBtn,
    takeSeat,
    layoutEl,
  );

  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const conn = new Connection(`${proto}//${location.host}/ws/${enc(id)}`, {
    join: () => (st.token ? { type: 'join', token: st.token } : { type: 'join' }),
    handlers: {
      welcome: onWelcome, state: onState, ack: onAck, forced: onForced, hints: renderHints,
      error: onError, rematch: onRematch, chat: (msg) => addTalk([msg.entry], true),
      stand_in: (msg) => tableNote(fillNames(msg.text)),
    },
    onChange: (state) => {
      if (state === 'reconnecting') {
        // a decision sent and not acknowledged is not known to be stored: it waits
        // for the connection, as one made meanwhile does
        if (st.chosen && st.chosen.status === 'sending') st.chosen = { ...st.chosen, status: 'queued' };
        if (st.connectedOnce && !announcer.dataset.lost) {
          announcer.dataset.lost = '1';
          announce('Connection lost; reconnecting.');
        }
        if (st.last) draw(st.last);
      }
      renderStatus();
    },
  });

  /** Say `text` in the live region (polite): once, even when the same words come again. */
  function announce(text) {
    if (!text) return;
    announcer.textContent = '';
    // a new text node in a later task: screen readers hear a repeat as a change
    setTimeout(() => { announcer.textContent = text; }, 30);
  }

  /** Now on the server's clock (epoch seconds): deadlines and away times are on it. */
  function serverNow() {
    return Date.now() / 1000 + st.skew;
  }

  function send(msg) {
    if (conn.send(msg)) return true;
    errorEl.textContent = NOT_CONNECTED;
    return false;
  }

  function stop(message) {
    conn.stop();
    if (message) statusEl.textContent = message;
  }

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
  infoEl.querySelector('summary').addEventListener('click', () => { st.infoAuto = false; });

  // --- take a seat ---
  watchLink.addEventListener('click', (ev) => {
    ev.preventDefault();
    st.watchChosen = true;
    takeSeat.hidden = true;
    updateSeatOffer();
  });
  sitBtn.addEventListener('click', () => {
    st.watchChosen = false;
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
    if (!r.ok) {
      tsError.textContent = r.error;
      return;
    }
    st.token = r.data.token;
    setToken(id, st.token);
    st.seat = r.data.seat;
    takeSeat.hidden = true;
    sitBtn.hidden = true;
    conn.reconnect();
  });

  /** The seats: the last state's, else the summary's. */
  function currentSeats() {
    return (st.last && st.last.seats) || (st.table && st.table.seats) || [];
  }

  /** A seat's name (the dummy of a two-player game has no seat of the table). */
  function nameOf(seat) {
    const s = currentSeats()[seat];
    if (s && s.name) return s.name;
    const p = st.last && st.last.frame && st.last.frame.players[seat];
    return p && p.dummy ? 'Dummy' : `Seat ${seat + 1}`;
  }

  function updateSeatOffer() {
    const free = currentSeats().filter((s) => s.free).length;
    const canSit = !st.token && free > 0 && st.status !== 'finished';
    takeSeat.hidden = !canSit || st.watchChosen;
    sitBtn.hidden = !canSit || !st.watchChosen;
    $('#take-seat-free', takeSeat).textContent = free === 1 ? 'There is a free seat at this table.' : `There are ${free} free seats at this table.`;
  }

  // --- buttons ---
  hereBtn.addEventListener('click', () => {
    hereBtn.hidden = true;
    errorEl.textContent = '';
    conn.reconnect();
  });
  hintBtn.addEventListener('click', () => {
    errorEl.textContent = '';
    setHints({ summary: 'Thinking…' });
    send({ type: 'hint' });
  });
  rematchBtn.addEventListener('click', () => {
    rematchBtn.disabled = true;
    rematchBtn.textContent = 'Rematch requested…';
    send({ type: 'rematch' });
  });

  // --- messages ---
  function onWelcome(msg) {
    if (errorEl.textContent === NOT_CONNECTED) errorEl.textContent = '';
    if (announcer.dataset.lost) {
      delete announcer.dataset.lost;
      announce('Connected again.');
    }
    st.connectedOnce = true;
    st.seat = msg.seat;
    st.table = msg.table;
    st.catalog = msg.table.catalog;
    if (msg.reclaimed) {
      const away = (msg.away || []).map(fillNames);
      tableNote(away.length
        ? `While you were away, a bot played for you: ${away.join(', ')}. Your seat is yours again.`
        : 'Welcome back: a bot played for you while you were away. Your seat is yours again.');
    }
    st.talkSent = false;
    st.handingSeat = null;
    setEmotes(msg.emotes || []);
    addTalk(msg.chat || [], st.talkLoaded); // a reconnection: what came meanwhile is new
    st.talkLoaded = true;
    updateTitle();
    renderSeats();
    renderTalkForm();
    renderStatus();
    updateSeatOffer();
  }

  function onAck(msg) {
    // the ack's step is the step the decision was made at (the state that follows
    // may already be the next one)
    st.ackedFor = msg.step;
    st.sentFor = null;
    const later = st.chosen && st.chosen.step === msg.step && st.chosen.text !== msg.action
      && st.chosen.status !== 'stored';
    if (!later) {
      // (a newer choice of this step still on its way keeps its own state)
      st.chosen = { step: msg.step, text: msg.action, label: msg.label, timeout: msg.timeout, status: 'stored' };
    }
    if (msg.timeout) showNotice(`Time ran out: ${fillNames(msg.label)} was played for you.`);
    if (msg.changed && !later) announce(`Changed: ${fillNames(msg.label)}.`);
    if (st.last) draw(st.last);
    else renderStatus();
  }

  function onForced(msg) {
    if (st.seat !== null && msg.seat === st.seat && msg.action !== null) {
      st.chosen = { step: msg.step, text: msg.action, label: msg.label, forced: true, status: 'stored' };
    }
  }

  function onRematch(msg) {
    setToken(msg.table, msg.token);
    location.assign(`/t/${enc(msg.table)}`);
  }

  function onError(msg) {
    const code = msg.code;
    const text = sentence(msg.message);
    if (code === 'bad_token') {
      forgetToken(id);
      st.token = null;
      st.seat = null;
      errorEl.textContent = `${text} You are now watching.`;
      conn.reconnect();
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
    if (code === 'no_table') {
      errorEl.textContent = text;
      stop('No such table.');
      return;
    }
    if (msg.request === 'chat') {
      talkRefused(text);
      return;
    }
    if (msg.request === 'hand_to_bot') {
      awayError.textContent = text;
      st.handingSeat = null;
      renderAway();
      return;
    }
    errorEl.textContent = text;
    if (msg.request === 'act' && st.chosen && st.chosen.status === 'sending') {
      // the decision was refused: say so, and offer the choices again (the server's
      // next state names a choice it had stored before, if any)
      st.sentFor = null;
      st.chosen = null;
      announce(`Your choice was not accepted: ${text}`);
      if (st.last) draw(st.last);
    }
    if (!rematchBtn.hidden) {
      rematchBtn.disabled = false;
      rematchBtn.textContent = 'Rematch';
    }
    if (hintSummary.textContent === 'Thinking…') setHints(null);
  }

  function onState(msg) {
    const stepChanged = msg.step !== st.step;
    const before = st.last;
    st.last = msg;
    st.step = msg.step;
    st.status = msg.status;
    if (stepChanged) {
      st.sentFor = null;
      setHints(null);
    }
    const moved = st.chosen && st.chosen.step !== st.step ? st.chosen : null;
    if (moved) st.chosen = null;
    if (moved && moved.status === 'queued') {
      // made while not connected, and the game moved on meanwhile: never sent
      const what = fillNames(moved.label || moved.text);
      errorEl.textContent = `Your choice, ${what}, was not sent: the game moved on while you were not connected.`;
      announce(errorEl.textContent);
    }
    // The server's word on this seat's choice (after a reconnection, a reload).
    const mine = msg.chosen || null;
    if (st.chosen && st.chosen.status === 'queued' && msg.status === 'playing') {
      const legal = (msg.frame && msg.frame.legal) || [];
      if (legal.some((e) => e.text === st.chosen.text) && st.chosen.step === st.step) {
        if (!mine || mine.action !== st.chosen.text) {
          if (conn.send({ type: 'act', action: st.chosen.text, step: st.step })) {
            st.sentFor = st.step;
            st.chosen = { ...st.chosen, status: 'sending' };
          }
        } else {
          st.chosen = { ...st.chosen, status: 'stored' };
        }
      } else {
        errorEl.textContent = `Your choice, ${fillNames(st.chosen.label || st.chosen.text)}, was not sent: it is no longer one of your choices.`;
        announce(errorEl.textContent);
        st.chosen = null;
      }
    } else if (mine && !(st.chosen && st.chosen.status === 'sending')) {
      const same = st.chosen && st.chosen.text === mine.action;
      st.chosen = { ...(same ? st.chosen : {}), step: st.step, text: mine.action, label: mine.label, status: 'stored' };
    } else if (!mine && st.chosen && st.chosen.status === 'stored' && !st.chosen.forced && !st.chosen.timeout
      && msg.status === 'playing' && !msg.decided.includes(st.seat)) {
      st.chosen = null; // the server holds no choice of ours (it reloaded the table)
    }
    st.deadline = msg.deadline;
    st.skew = msg.now - Date.now() / 1000;
    if (st.handingSeat !== null && msg.seats[st.handingSeat] && msg.seats[st.handingSeat].stand_in) st.handingSeat = null;
    renderSeats();
    updateSeatOffer();
    const travel = stepChanged ? handRect() : null;
    draw(msg);
    if (travel) travelToTable(travel);
    const said = [reveal(before, msg)];
    const round = watchRounds(msg);
    if (round) said.push(round);
    if (myTurn() && st.announcedTurn !== msg.step) {
      st.announcedTurn = msg.step;
      const f = msg.frame;
      said.push(`Your turn${f && !f.over ? `, round ${f.round} turn ${f.turn}` : ''}: ${fillNames((f && f.decision && f.decision.prompt) || 'choose.')}`);
      if (!round) play('turn');
    }
    announce(said.filter(Boolean).join(' '));
  }

  /** Where the card this seat chose lies in its hand (to send it to the table). */
  function handRect() {
    const card = boardEl.querySelector('#hand [data-chosen]');
    return card ? card.getBoundingClientRect() : null;
  }

  /** The card just played travels from where it lay in the hand to this seat's place
   * (the Web Animations API); nothing moves under prefers-reduced-motion. */
  function travelToTable(from) {
    if (st.seat === null || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const mine = boardEl.querySelector(`.sg-player[data-seat="${st.seat}"]`);
    const news = mine ? mine.querySelectorAll('.sg-new') : [];
    const to = news.length ? news[news.length - 1] : null;
    if (!to || typeof to.animate !== 'function') return;
    const end = to.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (end.left + end.width / 2);
    const dy = from.top + from.height / 2 - (end.top + end.height / 2);
    to.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(1.15)`, opacity: 0.6 },
      { transform: 'none', opacity: 1 },
    ], { duration: 500, easing: 'cubic-bezier(.2,.7,.3,1)' });
    to.classList.add('sg-travelled');
  }

  /** The reveal in words: what each seat took since the frame before (same round),
   * "You took Tempura; Bob took Salmon nigiri." Null when nothing was played. */
  function reveal(before, msg) {
    const a = before && before.frame;
    const b = msg.frame;
    if (!a || !b || msg.step <= before.step) return null;
    let after = (p) => p.played || [];
    if (a.round !== b.round) {
      // the round's last turn: what lay on the table is in the round's result (Sushi
      // Go!'s tableaux hold the cards played; the other games' words differ: not said)
      const result = (b.results || []).find((r) => r.round === a.round);
      if (!result || !result.tableaux || b.game !== 'sushi-go') return null;
      after = (p) => (result.tableaux[p.seat] || []).flatMap((column) => column.items)
        .flatMap((item) => Array.from({ length: item.count || 1 }, () => item.cards).flat());
    }
    const took = [];
    // you first, then the others in seat order
    const players = [...b.players].sort((x, y) => (y.seat === st.seat) - (x.seat === st.seat) || x.seat - y.seat);
    for (const p of players) {
      const old = (a.players[p.seat] && a.players[p.seat].played) || [];
      const left = [...old];
      const added = [];
      for (const item of after(p)) {
        const i = left.indexOf(item);
        if (i >= 0) left.splice(i, 1);
        else added.push(item);
      }
      if (!added.length) continue;
      const who = p.seat === st.seat ? 'You' : nameOf(p.seat);
      took.push(`${who} took ${listText(added.map(playedName))}`);
    }
    if (!took.length) return null;
    play('reveal');
    return `${took.join('; ')}.`;
  }

  /** A played entry in words: "maki-2" -> "Maki 2"; "special-order=tempura" ->
   * "Special order (as Tempura)"; "wasabi+salmon-nigiri" -> "Wasabi and Salmon nigiri". */
  function playedName(item) {
    const card = (id) => {
      const bare = String(id).replace(/^flipped:/, '').split('/')[0];
      const c = st.catalog && st.catalog.cards && st.catalog.cards[bare];
      return c ? c.name : bare.replace(/-/g, ' ');
    };
    return String(item).split('+').map((part) => {
      const [first, copy] = part.split('=');
      return copy ? `${card(first)} (as ${card(copy)})` : card(first);
    }).join(' and ');
  }

  function draw(msg) {
    if (msg.frame === null) {
      boardEl.replaceChildren(h('p', { class: 'muted' }, 'The game has not begun yet.'));
    } else {
      const names = currentSeats().map((s) => s.name);
      const onAct = st.seat !== null && st.status === 'playing' ? act : null;
      const mine = st.chosen && st.chosen.step === st.step ? st.chosen : null;
      renderBoard(boardEl, msg.frame, { names, onAct, catalog: st.catalog, seat: st.seat, decided: msg.decided, chosen: mine, winnerShown: true });
    }
    if (pending()) disableActs();
    renderStatus();
    focusHand(msg);
  }

  /** At each new decision, put the keyboard focus on the hand (its first card that
   * can be played), unless the visitor is typing somewhere else or reading the
   * round summary. */
  function focusHand(msg) {
    if (!myTurn() || summaryEl.open) return;
    const f = msg.frame;
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
    return String(text ?? '').replace(/\{(\d+)\}/g, (_, n) => nameOf(+n));
  }

  /** A line about the table's seats (#reclaimed), shown for a minute. */
  let noteTimer = 0;
  function tableNote(text) {
    reclaimedEl.textContent = text;
    reclaimedEl.hidden = false;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(() => { reclaimedEl.hidden = true; }, 60000);
  }

  function showNotice(text) {
    noticeEl.textContent = text;
    noticeEl.hidden = !text;
  }

  /** A choice clicked: sent now, or, while not connected, kept to send on
   * reconnection (and said so); only the server's ack marks it stored. */
  function act(actionText) {
    if (pending() || !st.last || !st.last.frame) return;
    errorEl.textContent = '';
    const text = String(actionText);
    const entry = (st.last.frame.legal || []).find((e) => e.text === text);
    if (!entry) return;
    const choice = { step: st.step, text, label: entry.label };
    showNotice('');
    if (conn.state === 'open' && conn.send({ type: 'act', action: text, step: st.step })) {
      st.sentFor = st.step;
      st.chosen = { ...choice, status: 'sending' };
    } else {
      st.chosen = { ...choice, status: 'queued' };
      announce(`Not connected: ${fillNames(entry.label)} will be sent when the connection is back.`);
    }
    draw(st.last);
  }

  function disableActs() {
    for (const b of boardEl.querySelectorAll('.act')) {
      if ('disabled' in b) b.disabled = true;
      b.setAttribute('aria-disabled', 'true');
    }
  }

  /** Seats that must still decide: the frame's to_act less the seats that decided. */
  function waitingSeats(msg) {
    if (!msg.frame) return null;
    return msg.frame.to_act.filter((s) => !msg.decided.includes(s));
  }

  function myTurn() {
    if (st.seat === null || st.status !== 'playing' || hasChosen() || !st.last) return false;
    if (boardEl.querySelector('.act:not([disabled]):not([aria-disabled="true"])')) return true;
    const w = waitingSeats(st.last);
    return !!(w && w.includes(st.seat) && !boardEl.querySelector('.act'));
  }

  function renderStatus() {
    const { last, status } = st;
    const connection = conn.state;
    if (connection === 'stopped') return;
    const seats = currentSeats();
    let text;
    if (connection === 'reconnecting') {
      const queued = st.chosen && st.chosen.status === 'queued';
      text = queued ? 'Reconnecting… your choice is not sent yet: it will be when the connection is back.' : 'Reconnecting…';
    } else if (!last) {
      text = connection === 'open' ? 'Connected. Waiting for the table…' : 'Connecting…';
    } else if (status === 'waiting') {
      const free = seats.filter((s) => s.free).length;
      text = free > 0
        ? `Waiting for players: ${free === 1 ? '1 seat is' : `${free} seats are`} still free. Share the invite link.`
        : 'Waiting for players…';
    } else if (status === 'finished') {
      text = 'Game over.'; // the final screen says who won
    } else if (status === 'playing') {
      const c = st.chosen && st.chosen.step === st.step ? st.chosen : null;
      const others = (waitingSeats(last) || []).filter((s) => s !== st.seat).length > 0;
      const changeable = c && c.status === 'stored' && !c.forced && others && last.frame && last.frame.legal && last.frame.legal.length > 1;
      if (myTurn()) text = 'Your turn: choose below.';
      else if (st.seat === null) text = `Playing (you are watching).${waitingText(seats)}`;
      else if (c && c.status === 'queued') text = 'Not connected: your choice will be sent when the connection is back.';
      else if (c && c.status === 'sending') text = 'Sending your choice…';
      else if (changeable) text = 'Choice stored: you can change it until everyone has chosen.';
      else if (hasChosen()) text = 'Choice stored. Waiting for the other players…';
      else text = `Playing.${waitingText(seats) || ' Waiting for the other players…'}`;
    } else {
      text = prettyKey(status);
    }
    if (statusEl.textContent !== text) statusEl.textContent = text;
    statusEl.dataset.state = connection === 'reconnecting' ? 'reconnecting' : status;
    // The line stays shown during play: the board's prompt (#decision) says what to
    // choose and what you chose; this line whether it is your turn, whether your
    // choice is stored, and the connection.
    // (At the end the final screen and the board say it: the line folds away.)
    statusEl.hidden = connection === 'open' && !!(last && last.frame) && status === 'finished';
    document.title = (myTurn() ? '● Your turn — ' : '') + baseTitle;

    const finished = status === 'finished';
    const seated = st.seat !== null;
    hintBtn.disabled = !(connection === 'open' && myTurn());
    hintBtn.hidden = !myTurn();
    rematchBtn.hidden = !(finished && seated);
    if (!rematchBtn.disabled) rematchBtn.textContent = last && last.rematch ? 'Join the rematch' : 'Rematch';
    const rid = last && last.rematch;
    rematchLink.hidden = !(finished && rid && !seated);
    if (rid) rematchLink.href = `/t/${enc(rid)}`;
    replayLink.hidden = !finished;
    recordLink.hidden = !finished;
    renderTalkForm();
    updateCountdown();
  }

  function waitingText(seats) {
    const w = waitingSeats(st.last);
    if (!w || !w.length) return '';
    const names = w.map((i) => (i === st.seat ? 'you' : seats[i].name));
    return ` Waiting for ${names.join(', ')}.`;
  }



  /** The turn timer's bar and the notice, on the prompt (#decision, drawn anew with
   * every frame); the bar only while this seat has a decision to make. */
  function updateCountdown() {
    clearInterval(countdownTimer);
    const prompt = boardEl.querySelector('#decision');
    if (prompt) {
      if (timerEl.parentNode !== prompt) prompt.append(timerEl);
      if (noticeEl.parentNode !== prompt) prompt.append(noticeEl);
      if (hintTools.parentNode !== prompt) prompt.append(hintTools);
    } else if (hintTools.parentNode !== controlsEl) {
      controlsEl.append(hintTools);
    }
    const total = st.table ? st.table.timer : 0;
    const tick = () => {
      if (st.deadline === null || st.status !== 'playing' || !myTurn()) {
        timerEl.hidden = true;
        return false;
      }
      const ms = Math.max(0, (st.deadline - serverNow()) * 1000);
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

  // --- seats ---

  function renderSeats() {
    const seats = currentSeats();
    seatsEl.replaceChildren(...seats.map((s, i) => {
      const bits = [];
      if (s.kind === 'bot') bits.push('bot');
      if (s.free) bits.push('free seat');
      else if (s.stand_in) bits.push(`away: ${s.stand_in} plays for them`);
      else if (s.kind === 'human') bits.push(s.connected ? 'connected' : 'not connected');
      const you = i === st.seat;
      return h('li', { class: `seat${you ? ' you' : ''}${s.free ? ' free' : ''}`, 'data-seat': String(i) },
        h('span', { class: `dot ${s.kind === 'bot' || s.stand_in ? 'bot' : (s.connected ? 'on' : 'off')}`, 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, `${i + 1}. ${s.free ? 'Free seat' : s.name}`, you ? ' (you)' : ''),
        bits.length ? h('span', { class: 'muted small' }, ` — ${bits.join(', ')}`) : '');
    }));
    // The folded line: how many play, and what is inside.
    const taken = seats.filter((s) => !s.free).length;
    const count = st.status === 'waiting' ? `${taken} of ${seats.length} seats taken` : `${seats.length} players`;
    infoSummary.textContent = seats.length ? `Table: ${count} · invite link` : 'Table · invite link';
    // Open while the table waits for players; folded once play starts (unless the
    // visitor opened or closed it).
    if (st.infoAuto && st.last) infoEl.open = st.status === 'waiting';
    layoutEl.dataset.status = st.status;
    renderAway();
  }

  /** People's seats with no connection: who is away, a bot playing for whom, and (for
   * a seated player, once a seat's grace is over) the button to let a bot play it. */
  function renderAway() {
    clearTimeout(awayTimer);
    const seats = currentSeats();
    const grace = st.table ? st.table.grace : null;
    const now = serverNow();
    let soonest = Infinity;
    const items = [];
    const playing = st.status === 'playing';
    seats.forEach((s, i) => {
      if (s.kind !== 'human' || s.free || i === st.seat) return;
      if (s.stand_in) {
        if (st.status === 'waiting' || playing) {
          items.push(h('p', { class: 'away-note', 'data-seat': String(i) },
            `${s.name} is away (a bot plays for them until they return).`));
        }
        return;
      }
      if (s.connected || !playing) return;
      const since = s.away_since ?? now;
      const left = grace === null ? 0 : since + grace - now;
      const note = h('p', { class: 'away-note', 'data-seat': String(i) }, `${s.name} is not connected.`);
      if (st.seat === null) {
        items.push(note);
      } else if (left <= 0) {
        const btn = h('button', { type: 'button', class: 'hand-to-bot', 'data-seat': String(i) }, `Let a bot play for ${s.name}`);
        btn.disabled = st.handingSeat === i;
        btn.addEventListener('click', () => handToBot(i));
        items.push(h('div', { class: 'away-item' }, note, btn));
      } else {
        soonest = Math.min(soonest, left);
        note.append(` If they do not come back, a bot takes their seat in ${duration(left)}.`);
        items.push(note);
      }
    });
    awayList.replaceChildren(...items);
    if (!items.length) awayError.textContent = '';
    awayEl.hidden = !items.length;
    if (soonest < Infinity) awayTimer = setTimeout(renderAway, Math.min(soonest * 1000 + 250, 30000));
  }

  function handToBot(seat) {
    awayError.textContent = '';
    if (!conn.send({ type: 'hand_to_bot', seat })) {
      awayError.textContent = NOT_CONNECTED;
      return;
    }
    st.handingSeat = seat;
    renderAway();
    // the answer is a state (stand_in set) or an error
    setTimeout(() => { if (st.handingSeat === seat) { st.handingSeat = null; renderAway(); } }, 5000);
  }

  // --- table talk ---

  function setEmotes(emotes) {
    talkEmotes.replaceChildren(...emotes.map((e) => {
      const b = h('button', { type: 'button', class: 'talk-emote', 'data-emote': e, 'aria-label': `Send ${e}` }, e);
      b.addEventListener('click', () => sendTalk({ type: 'chat', emote: e }));
      return b;
    }));
  }

  function renderTalkForm() {
    const known = st.table !== null && conn.state !== 'connecting';
    const seated = st.seat !== null;
    talkForm.hidden = !(known && seated);
    talkReadonly.hidden = !(known && !seated);
    const off = conn.state !== 'open';
    talkSend.disabled = off;
    for (const b of talkEmotes.children) b.disabled = off;
  }

  talkForm.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = talkInput.value.trim().replace(/\s+/g, ' ');
    if (!text) {
      talkError.textContent = 'Type a message first.';
      talkInput.focus();
      return;
    }
    if (sendTalk({ type: 'chat', text })) talkInput.value = '';
  });
  talkInput.addEventListener('input', () => { if (talkError.textContent === 'Type a message first.') talkError.textContent = ''; });

  function sendTalk(msg) {
    talkError.textContent = '';
    if (!conn.send(msg)) {
      talkError.textContent = NOT_CONNECTED;
      return false;
    }
    st.talkSent = msg;
    return true;
  }

  function talkRefused(text) {
    const sent = st.talkSent;
    st.talkSent = false;
    talkError.textContent = text;
    if (sent && sent.text && !talkInput.value) talkInput.value = sent.text; // nothing is lost
  }

  /** Messages of the talk, oldest first: those not shown yet are added; `fresh` ones
   * (arrived now, not the history) are announced and counted while the talk is folded. */
  function addTalk(entries, fresh) {
    const nearEnd = talkList.scrollHeight - talkList.scrollTop - talkList.clientHeight < 40;
    let added = 0;
    for (const e of entries) {
      if (!e || e.n <= st.talkTop) continue;
      st.talkTop = e.n;
      const mine = st.seat !== null && e.seat === st.seat;
      if (mine && st.talkSent) {
        st.talkSent = false;
        talkError.textContent = '';
      }
      const at = new Date(e.at * 1000);
      const li = h('li', { class: `talk-msg${mine ? ' mine' : ''}${e.emote ? ' emote' : ''}${fresh ? ' fresh' : ''}`, 'data-n': String(e.n), 'data-seat': String(e.seat) },
        h('span', { class: 'talk-who' }, mine ? 'You' : e.name),
        h('span', { class: 'talk-text' }, e.text),
        h('time', { class: 'talk-at', datetime: at.toISOString() }, at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })));
      talkList.append(li);
      if (fresh && !mine) {
        added += 1;
        talkLive.textContent = `${e.name} ${e.emote ? 'sends' : 'says'}: ${e.text}`;
      }
    }
    while (talkList.children.length > 100) talkList.firstElementChild.remove();
    talkEmpty.hidden = talkList.children.length > 0;
    if (added && !talkEl.open) setUnread(st.unread + added);
    if (nearEnd || !fresh) talkList.scrollTop = talkList.scrollHeight;
  }

  function setUnread(n) {
    st.unread = n;
    talkUnread.textContent = n ? `${n} new` : '';
    talkUnread.hidden = !n;
  }
  talkEl.addEventListener('toggle', () => {
    if (!talkEl.open) return;
    setUnread(0);
    talkList.scrollTop = talkList.scrollHeight;
  });

  // --- hints ---

  /** The hints box: null empties it; else {summary, note, items}. */
  function setHints(content) {
    hintSummary.textContent = content ? content.summary || '' : '';
    hintNote.textContent = content ? content.note || '' : '';
    const items = content && content.items ? content.items : [];
    hintsEl.replaceChildren(...items);
    hintsMore.hidden = !items.length;
    hintsMore.querySelector('summary').textContent = `Every choice (${items.length})`;
    hintsBox.hidden = !content;
    hintsBox.dataset.confidence = (content && content.confidence) || '';
  }

  function renderHints(msg) {
    if (!msg.hints.length) {
      setHints({ summary: 'No hints for this step.' });
      return;
    }
    setHints({
      summary: fillNames(msg.summary),
      note: fillNames(msg.note),
      confidence: msg.confidence,
      items: msg.hints.map((x, i) => h('li', { class: i ? '' : 'best' },
        h('strong', null, fillNames(x.label)),
        x.effect ? h('span', { class: 'hint-effect' }, ` — ${fillNames(x.effect)}`) : '',
        x.plain ? h('span', { class: 'hint-plain small muted' }, fillNames(x.plain)) : '')),
    });
  }

  // --- the end of a round, and of the game ---

  /** A round summary when a round ends while the page watches (the last round's
   * too: the ranked end follows its "See the result"); the ranked end. Returns what
   * the live region says of it (the round's end, the winner), or null. */
  function watchRounds(msg) {
    const f = msg.frame;
    if (!f) return null;
    const n = (f.results || []).length;
    const first = st.resultsSeen === null;
    const grew = !first && n > st.resultsSeen;
    st.resultsSeen = n;
    const said = grew ? roundWords(f, f.results[n - 1]) : null;
    if (grew) play('round');
    if (f.final && msg.status === 'finished') {
      const shown = !finalEl.hidden;
      renderFinal(f);
      const winner = `Game over: ${fillNames(f.final.text)}`;
      if (grew) {
        // the last round's summary first; the final screen once it is closed
        finalEl.hidden = true;
        st.finalWaits = true;
        openSummary(f, f.results[n - 1]);
        return `${said} ${winner}`;
      }
      if (st.finalWaits) {
        finalEl.hidden = true;
        return null;
      }
      if (!first && !shown) {
        closeSummary(false);
        showFinal();
        return winner;
      }
      return null;
    }
    finalEl.hidden = true;
    if (grew) openSummary(f, f.results[n - 1]);
    return said;
  }

  function showFinal() {
    st.finalWaits = false;
    finalEl.hidden = false;
    finalEl.focus({ preventScroll: true });
    finalEl.scrollIntoView({ block: 'start', behavior: smooth() });
  }

  /** "Round 2 is over: you scored 9 points (21 in all), 1st of 3." */
  function roundWords(frame, r) {
    const seats = frame.players.filter((p) => !p.dummy).map((p) => p.seat);
    let text = `Round ${r.round} of ${frame.rounds} is over`;
    if (st.seat !== null && seats.includes(st.seat)) {
      const me = st.seat;
      const ahead = seats.filter((s) => r.totals[s] > r.totals[me]).length;
      text += `: you scored ${points(r.scores[me])} (${points(r.totals[me])} in all), ${ordinal(ahead + 1)} of ${seats.length}.`;
    } else {
      const top = [...seats].sort((a, b) => r.totals[b] - r.totals[a])[0];
      text += top === undefined ? '.' : `: ${nameOf(top)} leads with ${points(r.totals[top])}.`;
    }
    return text;
  }

  function openSummary(frame, result) {
    const before = document.activeElement;
    summaryEl.dataset.round = String(result.round);
    summaryEl.replaceChildren(...roundSummary(frame, result));
    const cont = summaryEl.querySelector('#round-continue');
    cont.addEventListener('click', () => closeSummary(true));
    if (!summaryEl.open) {
      summaryEl.show();
      summaryEl.returnTo = before;
    }
    summaryEl.scrollIntoView({ block: 'start', behavior: smooth() });
    cont.focus({ preventScroll: true });
  }

  function closeSummary(refocus) {
    if (!summaryEl.open) return;
    const back = summaryEl.returnTo;
    summaryEl.close();
    if (st.finalWaits) {
      showFinal();
      return;
    }
    if (!refocus) return;
    focusedFor = null;
    if (st.last && myTurn()) focusHand(st.last);
    else if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
    else boardEl.querySelector('#decision')?.scrollIntoView({ block: 'nearest' });
  }
  summaryEl.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') {
      ev.preventDefault();
      closeSummary(true);
    }
  });
  summaryEl.addEventListener('cancel', (ev) => { ev.preventDefault(); closeSummary(true); });

  /** The round just over: each player's points by family (the families someone
   * scored), the desserts kept, the round's scores and the totals; who won the roll
   * race; the viewer's place so far. */
  function roundSummary(frame, r) {
    const seats = frame.players.map((p) => p.seat);
    const cols = r.columns.filter(([k]) => r.breakdown.some((b) => b[k]));
    const order = [...seats].sort((a, b) => r.totals[b] - r.totals[a] || a - b);
    const last = r.round >= frame.rounds;
    const head = h('div', { class: 'rs-head' },
      h('h2', { id: 'round-summary-title' }, `Round ${r.round} of ${frame.rounds} is over`));
    const lines = [];
    if (st.seat !== null && seats.includes(st.seat)) {
      const me = st.seat;
      const ahead = seats.filter((s) => !frame.players[s].dummy && r.totals[s] > r.totals[me]).length;
      const players = seats.filter((s) => !frame.players[s].dummy).length;
      const total = r.round > 1 ? ` and have ${points(r.totals[me])}` : '';
      lines.push(last
        ? `You scored ${points(r.scores[me])} in the last round and have ${points(r.totals[me])} before the desserts: ${ordinal(ahead + 1)} of ${players}.`
        : `You scored ${points(r.scores[me])} this round${total}: ${ordinal(ahead + 1)} of ${players} so far.`);
    } else {
      const top = order.filter((s) => !frame.players[s].dummy)[0];
      if (top !== undefined) lines.push(`${nameOf(top)} leads with ${points(r.totals[top])}.`);
    }
    const race = [];
    for (const key of ['maki', 'uramaki', 'temaki']) {
      const got = seats.filter((s) => r.breakdown[s][key]).sort((a, b) => r.breakdown[b][key] - r.breakdown[a][key]);
      if (!got.length) continue;
      const title = (r.columns.find(([k]) => k === key) || [key, prettyKey(key)])[1];
      race.push(h('li', null, h('strong', null, `${title}: `),
        got.map((s) => `${nameOf(s)} ${signed(r.breakdown[s][key])}`).join(', ')));
    }
    // The round's points and the totals first (a phone scrolls the families sideways).
    const headers = ['Player', 'Round', 'Total', ...cols.map(([, t]) => t)];
    if (r.kept) headers.push(r.kept_label || 'Kept');
    const table = h('table', { class: 'rs-table' },
      h('caption', { class: 'visually-hidden' }, `Round ${r.round}: points by player`),
      h('thead', null, h('tr', null, headers.map((t, i) => h('th', { scope: 'col', class: i ? 'num' : '' }, t)))),
      h('tbody', null, order.map((s) => h('tr', { class: s === st.seat ? 'you' : '' },
        h('th', { scope: 'row' }, nameOf(s), s === st.seat ? ' (you)' : ''),
        h('td', { class: 'num strong' }, String(r.scores[s])),
        h('td', { class: 'num strong total' }, String(r.totals[s])),
        cols.map(([k]) => h('td', { class: 'num' }, r.breakdown[s][k] ? String(r.breakdown[s][k]) : '·')),
        r.kept ? h('td', { class: 'num' }, String(r.kept[s])) : ''))));
    return [
      head,
      h('p', { class: 'rs-line' }, lines),
      race.length ? h('ul', { class: 'rs-race', 'aria-label': 'The roll race' }, race) : '',
      h('div', { class: 'table-scroll rs-scroll' }, table),
      h('div', { class: 'rs-actions' },
        h('button', { id: 'round-continue', type: 'button', class: 'primary' }, last ? 'See the result' : `Continue to round ${r.round + 1}`),
        h('span', { class: 'small muted' }, last ? 'The final scores add the desserts kept.' : 'The game goes on meanwhile.')),
    ];
  }

  /** The end: the viewer's place in words, the buttons, then the players by rank. */
  function renderFinal(frame) {
    const f = frame.final;
    const ranking = f.ranking || frame.players.filter((p) => !p.dummy).map((p) => p.seat);
    const places = f.places || [];
    const n = ranking.length;
    let title;
    const me = st.seat;
    if (me !== null && places[me]) {
      const tied = ranking.filter((s) => s !== me && places[s] === places[me]);
      title = `You came ${ordinal(places[me])} of ${n}`;
      if (tied.length) title += `, tied with ${listText(tied.map(nameOf))}`;
      else if (places[me] === 1) title += ': you win!';
    } else {
      title = fillNames(f.text);
    }
    const tie = f.kept_label || null;
    finalEl.replaceChildren(
      h('h2', { id: 'final-title' }, title),
      // the winner named once: in the title when it is you, else here
      me !== null && places[me] && places[me] !== 1 ? h('p', { class: 'final-text' }, fillNames(f.text)) : '',
      finalActions,
      h('ol', { id: 'final-ranking', class: 'final-ranking', 'aria-label': 'The players by rank' },
        ranking.map((s) => h('li', { class: `${s === me ? 'you' : ''}${places[s] === 1 ? ' win' : ''}`, 'data-seat': String(s), 'data-place': String(places[s] ?? '') },
          h('span', { class: 'fr-place' }, places[s] ? ordinal(places[s]) : ''),
          h('span', { class: 'fr-name' }, nameOf(s), s === me ? h('span', { class: 'fr-you' }, ' (you)') : ''),
          h('span', { class: 'fr-total' }, points(f.scores[s])),
          tie ? h('span', { class: 'fr-tie small muted' }, `${tie}: ${f.kept[s]}`) : ''))),
    );
    finalEl.hidden = false;
  }

  function updateTitle() {
    if (!st.table) return;
    titleEl.replaceChildren(st.table.title, h('span', { class: 'table-id' }, ` · table ${id}`));
    howTo.href = `/rules/${enc(st.table.game)}`;
    rulesLink(st.table.game);
    howTo.hidden = false;
    howTo.setAttribute('aria-label', `How to play ${st.table.title}`);
  }

  // --- start ---
  api(`/api/tables/${enc(id)}`).then((r) => {
    if (r.status === 404) {
      errorEl.textContent = r.error;
      stop('No such table.');
      boardEl.replaceChildren(h('p', null, h('a', { href: '/' }, 'Back to the tables')));
      return;
    }
    if (r.ok) {
      if (!st.table) st.table = r.data;
      if (!st.last) {
        st.status = r.data.status;
        renderSeats();
      }
      updateTitle();
      updateSeatOffer();
      if (!takeSeat.hidden && params.has('join')) tsName.focus();
    }
  });
  conn.start();
  window.addEventListener('pagehide', () => stop(), { once: true });
  window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });
}

// ---------------------------------------------------------------------------
// Words

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd". */
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th'}`;
}

function points(n) {
  return `${n} point${Math.abs(n) === 1 ? '' : 's'}`;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Seconds in words: "40 s", "3 min", "1 h". */
function duration(seconds) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `${s} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

function smooth() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
