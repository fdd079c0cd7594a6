/*
 * The table's sounds, made in the page with the Web Audio API (oscillators: nothing is
 * downloaded): `turn` (your turn), `reveal` (the picks turned over), `round` (a round
 * is over). The audio starts only after a user gesture (browsers refuse it before);
 * the mute switch is remembered in localStorage under `sushigo.sound` ("off" muted).
 *
 *   soundOn()           the switch's state (true unless muted)
 *   setSound(on)        remember it
 *   play(name)          one of the sounds, when allowed and not muted
 *   soundButton()       the switch: button#sound (aria-pressed true while sound is on)
 */

const KEY = 'sushigo.sound';

/** The notes of each sound: [frequency in Hz, start in s, length in s, wave]. */
const SOUNDS = {
  turn: [[660, 0, 0.12, 'sine'], [880, 0.13, 0.16, 'sine']],
  reveal: [[392, 0, 0.18, 'triangle'], [494, 0.05, 0.18, 'triangle'], [587, 0.1, 0.22, 'triangle']],
  round: [[523, 0, 0.16, 'sine'], [659, 0.16, 0.16, 'sine'], [784, 0.32, 0.3, 'sine']],
};

let audio = null; // the AudioContext, made at the first gesture
let gestured = false;

export function soundOn() {
  try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; }
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? 'on' : 'off'); } catch { /* private mode: not kept */ }
}

function unlock() {
  gestured = true;
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try { audio = new Ctx(); } catch { audio = null; return; }
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
}

for (const type of ['pointerdown', 'keydown']) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Play a sound (`turn`, `reveal`, `round`); nothing before a gesture or when muted. */
export function play(name) {
  const notes = SOUNDS[name];
  if (!notes || !soundOn() || !gestured || !audio || audio.state !== 'running') return false;
  const now = audio.currentTime + 0.01;
  for (const [freq, start, length, wave] of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.05);
  }
  window.dispatchEvent(new CustomEvent('sushigo-sound', { detail: name })); // for tests
  return true;
}

/** The mute switch: a toggle button, its state kept across reloads. */
export function soundButton() {
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'sound';
  button.className = 'sound-toggle';
  button.setAttribute('aria-label', 'Sound');
  const show = () => {
    const on = soundOn();
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.textContent = on ? 'Sound on' : 'Sound off';
    button.title = on ? 'Sounds for your turn, the reveal and the round\'s end: click to mute' : 'Muted: click for sounds';
  };
  button.addEventListener('click', () => {
    setSound(!soundOn());
    show();
  });
  show();
  return button;
}
