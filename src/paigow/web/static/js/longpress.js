// A piece's name on a long press (phones have no hover): hold a tile or a card for half a
// second and its name shows beside it; the press then does not count as a click.

import { floatTip } from "./dom.js";

const HOLD_MS = 500;
let timer = null;
let tip = null;
let fired = false;      // the current press showed a tip ...
let swallowUntil = 0;   // ... so the click that ends it (this soon after) is not a click
let hiding = null;

function hide() {
  clearTimeout(hiding);
  if (tip) { tip.remove(); tip = null; }
}

document.addEventListener("pointerdown", (ev) => {
  hide();
  clearTimeout(timer);
  fired = false;
  swallowUntil = 0;
  const piece = ev.target.closest && ev.target.closest("svg.piece");
  if (!piece || ev.pointerType === "mouse") return;
  const label = piece.getAttribute("aria-label");
  timer = setTimeout(() => {
    fired = true;
    tip = floatTip(piece, label, "piece-tip");
  }, HOLD_MS);
});
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    clearTimeout(timer);
    timer = null;
    if (fired) { swallowUntil = Date.now() + 400; fired = false; }
    if (tip) { clearTimeout(hiding); hiding = setTimeout(hide, 1200); }  // read it, then it goes
  }, { passive: true });
}
document.addEventListener("pointermove", (ev) => {
  if (timer && Math.abs(ev.movementX) + Math.abs(ev.movementY) > 6) { clearTimeout(timer); timer = null; }
});
document.addEventListener("click", (ev) => {
  if (Date.now() < swallowUntil) { ev.stopPropagation(); ev.preventDefault(); swallowUntil = 0; }
}, true);
document.addEventListener("contextmenu", (ev) => {
  if (ev.target.closest && ev.target.closest("svg.piece")) ev.preventDefault();
});
