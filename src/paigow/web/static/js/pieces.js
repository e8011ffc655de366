// The pieces, drawn in SVG: Chinese dominoes, cards, Chinese dice, the Chung.
//
// Dominoes follow a real set: dark tiles, the pips of 1 and 4 red and the rest white,
// the 1 a single large red pip, the 2 two pips side by side at the tile's end, the 3 a
// diagonal (but the 3-3, Chong, laid out two across, two down the middle, two across),
// the 6 two columns of three, and on the 6-6 (Teen) half of the pips red: in each half
// the column on the left.

import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

// "6-6" -> "6-6 Teen": the server's names (set once from the table's view).
let TILE_NAMES = {};

export function setTileNames(names) {
  TILE_NAMES = names || {};
}

const SUITS = { c: ["♣", "clubs", false], d: ["♦", "diamonds", true],
                h: ["♥", "hearts", true], s: ["♠", "spades", false] };
const RANKS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
                7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function svgRoot(w, h, label, cls) {
  const root = el("svg", { viewBox: `0 0 ${w} ${h}`, class: cls, role: "img",
                           "aria-label": label, focusable: "false" });
  const title = el("title", {}, root);
  title.textContent = label;
  return root;
}

// Pip positions in a square half of side 40, its top-left at (0, y0); `end` is -1 for
// the top half (its outer end is the top edge) and +1 for the bottom half.
function pipLayout(n, end) {
  const L = 11, C = 20, R = 29, T = 11, M = 20, B = 29;
  const outer = end < 0 ? T : B;
  switch (n) {
    case 1: return [[C, M, true]];
    case 2: return [[13, outer], [27, outer]];
    case 3: return end < 0 ? [[L, T], [C, M], [R, B]] : [[R, T], [C, M], [L, B]];
    case 4: return [[L, T], [R, T], [L, B], [R, B]];
    case 5: return [[L, T], [R, T], [C, M], [L, B], [R, B]];
    case 6: return [[L, T], [L, M], [L, B], [R, T], [R, M], [R, B]];
    default: return [];
  }
}

function drawHalf(root, n, y0, end, teen, chong) {
  let pips = pipLayout(n, end);
  if (chong) {
    // 3-3: two across at each end, two down the middle of the tile
    pips = end < 0 ? [[11, 11], [29, 11], [20, 33]] : [[20, 7], [11, 29], [29, 29]];
  }
  pips.forEach(([x, y, big], i) => {
    const red = n === 1 || n === 4 || (teen && i < 3);
    el("circle", { cx: x, cy: y0 + y, r: big ? 7 : 4.2,
                   class: red ? "pip red" : "pip white" }, root);
  });
}

export function tileLabel(text) {
  return TILE_NAMES[text] || text;
}

// A domino from its notation ("6-5"): the higher number at the top.
export function tileSVG(text, { small = false } = {}) {
  const [a, b] = text.split("-").map(Number);
  const label = tileLabel(text);
  const root = svgRoot(40, 80, label, small ? "piece tile small" : "piece tile");
  el("rect", { x: 1, y: 1, width: 38, height: 78, rx: 5, class: "tile-body" }, root);
  const teen = a === 6 && b === 6;
  const chong = a === 3 && b === 3;
  drawHalf(root, a, 0, -1, teen, chong);
  drawHalf(root, b, 40, 1, teen, chong);
  return root;
}

export function tileBackSVG(label = t("a tile, face down")) {
  const root = svgRoot(40, 80, label, "piece tile back");
  el("rect", { x: 1, y: 1, width: 38, height: 78, rx: 5, class: "tile-back" }, root);
  return root;
}

export function cardName(text) {
  if (text === "Jk") return t("the joker");
  const [r, s] = [text[0], text[1]];
  return t("{rank} of {suit}", { rank: t(RANKS[r] || r), suit: t(SUITS[s] ? SUITS[s][1] : s) });
}

// A card from its notation ("Td", "Jk").
export function cardSVG(text, { small = false } = {}) {
  const root = svgRoot(60, 84, cardName(text), small ? "piece card small" : "piece card");
  el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-body" }, root);
  if (text === "Jk") {
    root.classList.add("joker");
    el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 4, class: "joker-frame" }, root);
    const star = el("text", { x: 30, y: 50, "text-anchor": "middle", class: "joker-star" }, root);
    star.textContent = "★";
    const word = el("text", { x: 30, y: 22, "text-anchor": "middle", class: "joker-word" }, root);
    word.textContent = "JOKER";
    return root;
  }
  const [r, s] = [text[0], text[1]];
  const [sym, , red] = SUITS[s] || ["?", s, false];
  root.classList.add(red ? "red" : "black");
  const rank = r === "T" ? "10" : r;
  const corner = el("text", { x: 6, y: 20, class: "card-rank" }, root);
  corner.textContent = rank;
  const small1 = el("text", { x: 6, y: 36, class: "card-suit-small" }, root);
  small1.textContent = sym;
  const big = el("text", { x: 36, y: 62, "text-anchor": "middle", class: "card-suit" }, root);
  big.textContent = sym;
  return root;
}

export function cardBackSVG(label = t("a card, face down")) {
  const root = svgRoot(60, 84, label, "piece card back");
  el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }, root);
  el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "card-back-inner" }, root);
  return root;
}

// One piece of either game.
export function pieceSVG(game, text, opts = {}) {
  return game === "tiles" ? tileSVG(text, opts) : cardSVG(text, opts);
}

export function pieceName(game, text) {
  return game === "tiles" ? tileLabel(text) : cardName(text);
}

// A Chinese die: the 1 and the 4 red.
export function dieSVG(n) {
  const root = svgRoot(30, 30, t("die showing {n}", { n }), "die");
  el("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5, class: "die-body" }, root);
  const P = { 1: [[15, 15]], 2: [[9, 9], [21, 21]], 3: [[8, 8], [15, 15], [22, 22]],
              4: [[9, 9], [21, 9], [9, 21], [21, 21]],
              5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
              6: [[9, 7], [9, 15], [9, 23], [21, 7], [21, 15], [21, 23]] }[n] || [];
  for (const [x, y] of P) {
    el("circle", { cx: x, cy: y, r: n === 1 ? 4.5 : 2.6,
                   class: n === 1 || n === 4 ? "die-pip red" : "die-pip" }, root);
  }
  return root;
}

// The Chung: the banker's mark.
export function chungSVG() {
  const root = svgRoot(34, 34, t("the Chung: this place banks"), "chung");
  el("circle", { cx: 17, cy: 17, r: 15.5, class: "chung-body" }, root);
  el("circle", { cx: 17, cy: 17, r: 12, class: "chung-ring" }, root);
  const word = el("text", { x: 17, y: 20, "text-anchor": "middle", class: "chung-text" }, root);
  word.textContent = "CHUNG";
  return root;
}
