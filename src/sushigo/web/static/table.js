/*
 * A table (/t/{id}): its seats, the board (board.js) and this browser's seat, over
 * the table's WebSocket (connection.js; the protocol is docs/web.md).
 *
 * Sent: {"type": "join", "token"?} (every connection), {"type": "act", "action",
 * "step"}, {"type": "hint"}, {"type": "rematch"}; POST /api/tables/{id}/join
 * {"name"} -> {"seat", "token"} to take a free seat. The seat's token is kept in
 * localStorage (api.js).
 *
 * Read: welcome.seat and welcome.table (the table's summary, as GET
 * /api/tables/{id}, plus "catalog"); state.seats, state.decided (seats that chose
 * this step), state.deadline, state.rematch (the rematch table's id), frame.to_act,
 * frame.legal, frame.final.winners; the ack's label and timeout (the turn timer
 * chose), forced decisions of this seat. The ack's "step" is not relied on (the
 * step an act was sent for is). Error codes handled: bad_token (forget the token,
 * watch), replaced (the seat opened elsewhere: stop reconnecting, offer "Use this
 * seat here"), no_table (stop).
 *
 * /t/{id}?join=1 focuses the take-a-seat form; /t/{id}?watch=1 hides it.
 *
 * DOM hooks (for end-to-end tests): #table-title, #status, #error, #seats
 * (li[data-seat], .you), #board, #timer, #notice, #hint, #hints, #rematch,
 * #rematch-link, #replay-link, #record-link, #take-seat (name), #watch, #sit,
 * #use-here, #share-url, #copy.
 */

import { api, forgetToken, getToken, savedName, saveName, setToken } from './api.js';
import { renderBoard } from './board.js';
import { Connection } from './connection.js';
import { $, enc, h, main, prettyKey, sentence } from './dom.js';

const NOT_CONNECTED = 'Not connected to the server; trying again…';

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
    chosen: null, // this seat's decision: {step, text, label, timeout, forced}
    deadline: null, // when the turn timer runs out (epoch seconds)
    watchChosen: params.has('watch'), // the visitor chose to watch, not to sit
  };
  const pending = () => (st.step !== null && (st.sentFor === st.step || st.ackedFor === st.step))
    || (st.seat !== null && !!st.last && st.last.decided.includes(st.seat));
  let focusedFor = null; // the decision the hand was last focused for
  let countdownTimer = null;

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

  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const conn = new Connection(`${proto}//${location.host}/ws/${enc(id)}`, {
    join: () => (st.token ? { type: 'join', token: st.token } : { type: 'join' }),
    handlers: { welcome: onWelcome, state: onState, ack: onAck, forced: onForced, hints: renderHints, error: onError, rematch: onRematch },
    onChange: () => renderStatus(),
  });

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
    setHints(h('li', { class: 'muted' }, 'Thinking…'));
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
    st.seat = msg.seat;
    st.table = msg.table;
    st.catalog = msg.table.catalog;
    updateTitle();
    renderSeats();
    renderStatus();
    updateSeatOffer();
  }

  function onAck(msg) {
    // the ack's step may already be the next one (the server applied the step):
    // what we decided for is the step we sent
    st.ackedFor = msg.timeout ? msg.step : (st.sentFor !== null ? st.sentFor : st.step);
    st.sentFor = null;
    st.chosen = { step: st.ackedFor, text: msg.action, label: msg.label, timeout: msg.timeout };
    if (msg.timeout) showNotice(`Time ran out: ${fillNames(msg.label)} was played for you.`);
    if (pending()) disableActs();
    if (st.last) draw(st.last);
    else renderStatus();
  }

  function onForced(msg) {
    if (st.seat !== null && msg.seat === st.seat && msg.action !== null) {
      st.chosen = { step: msg.step, text: msg.action, label: msg.label, forced: true };
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
    errorEl.textContent = text;
    if (st.sentFor !== null) {
      // the decision was refused: offer the choices again
      st.sentFor = null;
      st.chosen = null;
      if (st.last) draw(st.last);
    }
    if (!rematchBtn.hidden) {
      rematchBtn.disabled = false;
      rematchBtn.textContent = 'Rematch';
    }
    if (hintsEl.textContent === 'Thinking…') setHints();
  }

  function onState(msg) {
    const stepChanged = msg.step !== st.step;
    st.last = msg;
    st.step = msg.step;
    st.status = msg.status;
    if (stepChanged) {
      st.sentFor = null;
      setHints();
    }
    if (st.chosen && st.chosen.step !== st.step) st.chosen = null;
    st.deadline = msg.deadline;
    renderSeats();
    updateSeatOffer();
    draw(msg);
  }

  function draw(msg) {
    if (msg.frame === null) {
      boardEl.replaceChildren(h('p', { class: 'muted' }, 'The game has not begun yet.'));
    } else {
      const names = currentSeats().map((s) => s.name);
      const onAct = st.seat !== null && st.status === 'playing' ? act : null;
      const mine = st.chosen && st.chosen.step === st.step ? st.chosen : null;
      renderBoard(boardEl, msg.frame, { names, onAct, catalog: st.catalog, seat: st.seat, decided: msg.decided, chosen: mine });
    }
    if (pending()) disableActs();
    renderStatus();
    focusHand(msg);
  }

  /** At each new decision, put the keyboard focus on the hand (its first card that
   * can be played), unless the visitor is typing somewhere else. */
  function focusHand(msg) {
    if (!myTurn()) return;
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
    const text = String(actionText);
    if (send({ type: 'act', action: text, step: st.step })) {
      st.sentFor = st.step;
      const entry = (st.last.frame.legal || []).find((e) => e.text === text);
      st.chosen = { step: st.step, text, label: entry ? entry.label : null };
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
    if (!msg.frame) return null;
    return msg.frame.to_act.filter((s) => !msg.decided.includes(s));
  }

  function myTurn() {
    if (st.seat === null || st.status !== 'playing' || pending() || !st.last) return false;
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
      text = 'Reconnecting…';
    } else if (!last) {
      text = connection === 'open' ? 'Connected. Waiting for the table…' : 'Connecting…';
    } else if (status === 'waiting') {
      const free = seats.filter((s) => s.free).length;
      text = free > 0
        ? `Waiting for players: ${free === 1 ? '1 seat is' : `${free} seats are`} still free. Share the invite link.`
        : 'Waiting for players…';
    } else if (status === 'finished') {
      text = `Game over. ${winnersText(last, seats)}`.trim();
    } else if (status === 'playing') {
      if (myTurn()) text = 'Your turn: choose below.';
      else if (st.seat === null) text = `Playing (you are watching).${waitingText(seats)}`;
      else if (pending()) text = st.ackedFor === st.step ? 'Choice stored. Waiting for the other players…' : 'Sending your choice…';
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
    const seated = st.seat !== null;
    hintBtn.disabled = !(connection === 'open' && myTurn());
    rematchBtn.hidden = !(finished && seated);
    if (!rematchBtn.disabled) rematchBtn.textContent = last && last.rematch ? 'Join the rematch' : 'Rematch';
    const rid = last && last.rematch;
    rematchLink.hidden = !(finished && rid && !seated);
    if (rid) rematchLink.href = `/t/${enc(rid)}`;
    replayLink.hidden = !finished;
    recordLink.hidden = !finished;
    updateCountdown();
  }

  function waitingText(seats) {
    const w = waitingSeats(st.last);
    if (!w || !w.length) return '';
    const names = w.map((i) => (i === st.seat ? 'you' : seats[i].name));
    return ` Waiting for ${names.join(', ')}.`;
  }

  function winnersText(msg, seats) {
    const w = msg.frame && msg.frame.final ? msg.frame.final.winners : [];
    if (!w.length) return '';
    const names = w.map((x) => (x === st.seat ? 'You' : seats[x].name));
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
    const total = st.table ? st.table.timer : 0;
    const tick = () => {
      if (st.deadline === null || st.status !== 'playing' || !myTurn()) {
        timerEl.hidden = true;
        return false;
      }
      const ms = Math.max(0, st.deadline * 1000 - Date.now());
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
    seatsEl.replaceChildren(...currentSeats().map((s, i) => {
      const bits = [];
      if (s.kind === 'bot') bits.push('bot');
      if (s.free) bits.push('free seat');
      else if (s.kind === 'human') bits.push(s.connected ? 'connected' : 'not connected');
      const you = i === st.seat;
      return h('li', { class: `seat${you ? ' you' : ''}${s.free ? ' free' : ''}`, 'data-seat': String(i) },
        h('span', { class: `dot ${s.kind === 'bot' ? 'bot' : (s.connected ? 'on' : 'off')}`, 'aria-hidden': 'true' }),
        h('span', { class: 'seat-name' }, `${i + 1}. ${s.free ? 'Free seat' : s.name}`, you ? ' (you)' : ''),
        bits.length ? h('span', { class: 'muted small' }, ` — ${bits.join(', ')}`) : '');
    }));
  }

  function renderHints(msg) {
    if (!msg.hints.length) {
      setHints(h('li', { class: 'muted' }, 'No hints for this step.'));
      return;
    }
    setHints(...msg.hints.map((x) => h('li', null, h('strong', null, fillNames(x.label)),
      x.reason ? ` — ${x.reason}` : '',
      h('span', { class: 'muted small' }, ` (${x.value.toFixed(2)})`))));
  }

  function updateTitle() {
    titleEl.textContent = st.table ? `${st.table.title} — table ${id}` : `Table ${id}`;
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
    if (r.ok) {
      st.table = r.data;
      if (!st.last) {
        st.status = st.table.status;
        renderSeats();
      }
      updateTitle();
      updateSeatOffer();
      if (!takeSeat.hidden && params.has('join')) tsName.focus();
    }
  })();
  conn.start();
  window.addEventListener('pagehide', () => stop(), { once: true });
  window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });
}
