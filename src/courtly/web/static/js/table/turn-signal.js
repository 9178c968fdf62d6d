// Whose turn it is, outside the page: the tab's title says "Your move" while this browser's
// seat is to act (a player in another tab sees it), and a short tone sounds when the turn
// comes, if the player turned the sound on (off by default; the choice is remembered in
// this browser). The tone is made by WebAudio: no sound file is fetched.
import { h } from "../dom.js";
import { t } from "../i18n.js";

const STORE_KEY = "courtly.sound";

export function soundOn() {
  try {
    return localStorage.getItem(STORE_KEY) === "1";
  } catch {
    return false;
  }
}

/** @type {AudioContext | null} */
let audio = null;

// Two short rising notes, quiet: enough to be heard from another tab, never startling.
function chime() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((frequency, i) => {
      const at = start + i * 0.14;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.13);
      tone.connect(gain).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.14);
    });
  } catch (err) {
    // A browser without WebAudio plays silently; the title still says whose turn it is.
    console.warn(err);
  }
}

let wasMine = false;
let waiting = 0; // the logged-in player's tables waiting on them (your-move.js)

// The one place the tab's title is set: "Your move" while this table's seat may act,
// otherwise the count of the player's tables waiting on them, if any.
function showTitle() {
  if (wasMine) document.title = t("table.your_move_title");
  else document.title = waiting > 0 ? t("app.your_moves", { n: waiting, name: t("app.name") }) : t("app.name");
}

// Called on every drawing of the table page: `mine` is whether this browser's seat may act.
/** @param {boolean} mine */
export function signalTurn(mine) {
  if (mine && !wasMine && soundOn()) chime();
  wasMine = mine;
  showTitle();
}

// Leaving the table: the title is the app's again, and the next table starts afresh.
export function endSignal() {
  wasMine = false;
  showTitle();
}

// How many of the logged-in player's tables wait on them (0: none, or nobody logged in).
/** @param {number} n */
export function countWaiting(n) {
  waiting = n;
  showTitle();
}

// The switch in the table's heading (a checkbox: a screen reader says on or off).
export function soundToggle() {
  const box = h("input", {
    type: "checkbox",
    id: "sound-toggle",
    checked: soundOn(),
    onchange: () => {
      try {
        localStorage.setItem(STORE_KEY, box.checked ? "1" : "0");
      } catch {
        // Private mode without storage: the switch holds for this page only.
      }
      // Turning it on is a click: the browser lets the page make sound from then on.
      if (box.checked) {
        audio = audio || new AudioContext();
        audio.resume().catch(() => {});
      }
    },
  });
  return h("label", { class: "sound-toggle", for: "sound-toggle" }, box, h("span", { text: t("table.sound") }));
}
