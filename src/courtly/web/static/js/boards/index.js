// One board per game, each a function of the observation (and the legal actions, to tag
// what can be clicked). A board that fails on an observation it does not expect falls back
// to the generic board, and every board shows the whole observation under "details", so
// every game stays playable while a board is incomplete.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { genericBoard, genericSections } from "./generic.js";
import { courtisansBoard } from "./courtisans.js";
import { tudorBoard } from "./tudor.js";
import { forTheKingBoard } from "./for-the-king.js";
import { kingdomsBoard, kingdomsText } from "./kingdoms.js";

const BOARDS = {
  courtisans: courtisansBoard,
  tudor: tudorBoard,
  "for-the-king": forTheKingBoard,
  kingdoms: kingdomsBoard,
};

// A text the server wrote (a log line, a choice) as nodes: Kingdoms' cards as one glyph
// form (9♣, its name for screen readers), however the sentence wrote them.
const SERVER_TEXTS = {
  kingdoms: kingdomsText,
};

export function serverText(game, text, cards = []) {
  const words = SERVER_TEXTS[game];
  return words ? words(text, cards) : [text];
}

export function drawBoard(ctx) {
  const board = BOARDS[ctx.game];
  let drawn = null;
  if (board) {
    try {
      drawn = board(ctx);
    } catch (err) {
      console.warn(err);
      drawn = null;
    }
  }
  if (!drawn) return genericBoard(ctx);
  // The details are drawn only while open (boards are redrawn on every update), and stay
  // open across updates once opened.
  const details = h("details", { class: "details", open: detailsOpen }, h("summary", { text: t("board.details") }));
  if (detailsOpen) details.append(genericSections(ctx, false));
  details.addEventListener("toggle", () => {
    detailsOpen = details.open;
    if (details.open && details.children.length === 1) details.append(genericSections(ctx, false));
  });
  return h("div", { class: "board-wrap" }, drawn, details);
}

let detailsOpen = false;
