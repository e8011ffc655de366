// How to play: draw every piece the page names with the table's own SVG pieces, and
// explain the terms of art on hover or tap.

import { pieceSVG, setTileNames } from "./pieces.js";
import { explained } from "./words.js";

const page = document.getElementById("rules-page");
const game = page.dataset.game;
const names = JSON.parse(page.dataset.names || "{}");
setTileNames(names);
for (const slot of page.querySelectorAll(".piece-row")) {
  for (const text of slot.dataset.pieces.split(" ")) slot.appendChild(pieceSVG(game, text, { small: true }));
}
for (const el of page.querySelectorAll("p, li > strong, td")) explained(el);
