/*
 * A table's WebSocket (docs/web.md, "WebSocket"): connects, says who it is (the
 * join message), pings every 20 s, reconnects by itself with a growing delay
 * (0.5 s, 1 s, 2 s, ... at most 5 s) until stopped, and hands each message to the
 * handler of its type. Plain ES module, no build.
 */

const PING_EVERY = 20000;

export class Connection {
  /**
   * @param {string} url the socket's URL (ws://host/ws/<table>)
   * @param {{join: () => object, handlers: Object<string, (msg: object) => void>,
   *   onChange: (state: string) => void}} options `join`: the first message of every
   *   connection; `handlers`: by message type; `onChange`: called when the state
   *   becomes `connecting` or `reconnecting` (it becomes `open` with the server's
   *   welcome, before its handler runs).
   */
  constructor(url, { join, handlers, onChange }) {
    this.url = url;
    this.join = join;
    this.handlers = handlers;
    this.onChange = onChange;
    /** connecting | open | reconnecting | stopped */
    this.state = 'connecting';
    this.ws = null;
    this.retry = 0;
    this.retryTimer = null;
    this.pingTimer = null;
  }

  /** Connect (once the page has its handlers ready). */
  start() {
    this.#connect();
  }

  /** Send a message now: false (nothing sent) while not connected. */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Drop the current socket, if any, and connect again at once (also once stopped). */
  reconnect() {
    this.#close();
    this.retry = 0;
    this.#set('connecting');
    this.#connect();
  }

  /** Close and stay closed (until `reconnect`). */
  stop() {
    this.state = 'stopped';
    clearTimeout(this.retryTimer);
    this.#close();
  }

  #set(state) {
    this.state = state;
    this.onChange(state);
  }

  #close() {
    clearInterval(this.pingTimer);
    const old = this.ws;
    this.ws = null;
    if (old) { try { old.close(); } catch { /* already closed */ } }
  }

  #connect() {
    if (this.state === 'stopped') return;
    clearTimeout(this.retryTimer);
    let sock;
    try {
      sock = new WebSocket(this.url);
    } catch (err) {
      console.error(err);
      this.#later();
      return;
    }
    this.ws = sock;
    sock.addEventListener('open', () => {
      if (sock !== this.ws) return;
      sock.send(JSON.stringify(this.join()));
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ type: 'ping' }));
      }, PING_EVERY);
    });
    sock.addEventListener('message', (ev) => {
      if (sock !== this.ws) return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (!msg || typeof msg !== 'object') return;
      if (msg.type === 'welcome') {
        this.retry = 0;
        this.state = 'open';
      }
      const handler = this.handlers[msg.type];
      if (!handler) return;
      try { handler(msg); } catch (err) { console.error('message handling failed', msg, err); }
    });
    sock.addEventListener('close', () => {
      if (sock !== this.ws) return;
      clearInterval(this.pingTimer);
      this.#later();
    });
    sock.addEventListener('error', () => { /* a close event follows */ });
  }

  /** Connect again after a delay that grows with each failure. */
  #later() {
    if (this.state === 'stopped') return;
    const delay = Math.min(5000, 500 * 2 ** this.retry);
    this.retry += 1;
    this.#set('reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.#connect(), delay);
  }
}
