// The felt checked as a person would see it (tests/web/test_evening.py, test_layout.py):
// every seat box and the Chung inside the rim (a rounded rectangle: the felt's own border
// radius) with CLEAR pixels of felt between them and it (a box touching the rim looked cut
// on a phone), nothing over the dice, the woodpile or the deck, no text over the woodpile.
// Returns what is wrong.
() => {
  const CLEAR = 3;
  const felt = document.querySelector(".felt");
  if (!felt) return ["no felt"];
  const f = felt.getBoundingClientRect();
  const cs = getComputedStyle(felt);
  const bw = parseFloat(cs.borderLeftWidth);
  // the radius as drawn: a percentage is of the box's width (x) and height (y)
  const [rxs, rys = rxs] = cs.borderTopLeftRadius.split(" ");
  const px = (v, size) => (v.endsWith("%") ? (parseFloat(v) / 100) * size : parseFloat(v));
  const rx = Math.max(0, px(rxs, f.width) - bw - CLEAR), ry = Math.max(0, px(rys, f.height) - bw - CLEAR);
  const L = f.left + bw + CLEAR, T = f.top + bw + CLEAR, R = f.right - bw - CLEAR, B = f.bottom - bw - CLEAR;
  const inside = (x, y) => {
    if (x < L - 0.5 || x > R + 0.5 || y < T - 0.5 || y > B + 0.5) return false;
    const ex = x < L + rx ? L + rx : x > R - rx ? R - rx : x;
    const ey = y < T + ry ? T + ry : y > B - ry ? B - ry : y;
    if (ex === x || ey === y) return true;
    return ((x - ex) / rx) ** 2 + ((y - ey) / ry) ** 2 <= 1.02;
  };
  const bad = [];
  for (const el of felt.querySelectorAll(".place, .chung-wrap")) {
    const r = el.getBoundingClientRect();
    for (const [x, y] of [[r.left, r.top], [r.right, r.top], [r.left, r.bottom], [r.right, r.bottom]]) {
      if (!inside(x, y)) { bad.push(`${el.className.trim()} "${el.textContent.trim().slice(0, 24)}" is cut by (or touches) the rim`); break; }
    }
  }
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const places = [...felt.querySelectorAll(".place")].map((e) => [e, e.getBoundingClientRect()]);
  for (const sel of [".dice", ".woodpile", ".deck", ".deal-note"]) {
    const el = felt.querySelector(sel);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    for (const [p, pr] of places) if (overlap(r, pr)) bad.push(`${sel} is covered by "${p.textContent.trim().slice(0, 24)}"`);
  }
  const note = felt.querySelector(".deal-note"), pile = felt.querySelector(".woodpile, .deck");
  if (note && pile && overlap(note.getBoundingClientRect(), pile.getBoundingClientRect())) bad.push("text over the woodpile");
  return bad;
}
