// Moves animate: a card drawn anew where it went slides from where it was (FLIP: first
// measure, last draw, invert the difference, play it back), briefly. The board is drawn
// anew on every message; cards are matched by their `data-card` (a known card's identity,
// never a hidden one's); a card that comes into view grows into place. Off for readers who
// ask their system for reduced motion.

const CARDS = ".board-area .board [data-card]";
const DURATION_MS = 280;

/** @param {ParentNode} root */
export function cardPositions(root) {
  /** @type {Map<string, DOMRect>} */
  const found = new Map();
  for (const el of root.querySelectorAll(CARDS)) {
    const key = /** @type {HTMLElement} */ (el).dataset.card;
    if (!found.has(key)) found.set(key, el.getBoundingClientRect());
  }
  return found;
}

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// After a redraw: each card that moved plays its way from its old place to its new one.
/** @param {ParentNode} root @param {Map<string, DOMRect>} before */
export function animateMoves(root, before) {
  if (before.size === 0 || reducedMotion()) return;
  const seen = new Set();
  for (const node of root.querySelectorAll(CARDS)) {
    const el = /** @type {HTMLElement} */ (node);
    const key = el.dataset.card;
    const was = before.get(key);
    if (seen.has(key)) continue;
    seen.add(key);
    // A card that was nowhere the viewer could see (an opponent's hand, the deck) arrives
    // where it went, growing into place: where it came from is hidden, so nothing slides.
    if (!was) {
      // (No fading: a card is never drawn fainter than its colours are meant to be read.)
      play(el, [{ transform: "scale(0.6)" }, { transform: "none" }]);
      continue;
    }
    const now = el.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    play(el, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }]);
  }
}

/** @param {HTMLElement} el @param {Keyframe[]} frames */
function play(el, frames) {
  el.classList.add("moving");
  const run = el.animate(frames, { duration: DURATION_MS, easing: "ease-out" });
  const done = () => el.classList.remove("moving");
  run.onfinish = done;
  run.oncancel = done;
}
