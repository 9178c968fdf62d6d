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
import { kingdomsBoard, kingdomsCard } from "./kingdoms.js";

const BOARDS = {
  courtisans: courtisansBoard,
  tudor: tudorBoard,
  "for-the-king": forTheKingBoard,
  kingdoms: kingdomsBoard,
};

// How a game draws a card that a sentence of the server's names: Kingdoms' as one glyph
// form (9♣, its name for screen readers), however the sentence wrote it.
const CARD_GLYPHS = {
  kingdoms: kingdomsCard,
};

// A text the server wrote (a log line, a choice) as nodes: its `parts` (text, and the cards
// it names, by id: courtly.core.pieces) when it names cards, each card drawn as its game
// draws it; the words are never searched for cards.
export function serverText(game, text, parts = undefined) {
  const glyph = CARD_GLYPHS[game];
  if (!parts || !glyph) return [text];
  return parts.map((part) => (part.card === undefined ? part.text : glyph(part)));
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
