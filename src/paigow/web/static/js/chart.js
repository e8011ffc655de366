// A small line chart in SVG: one series of [x, y] points (e.g. round, balance in cents).

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

// `format(y)` labels the y axis; `label` names the chart for screen readers.
export function lineChart(points, { label, format = String, xLabel = "round" } = {}) {
  const W = 320, H = 140, L = 58, R = 8, T = 10, B = 24;
  const root = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img",
                           "aria-label": label || "chart" });
  el("title", {}, root).textContent = label || "chart";
  if (!points.length) return root;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (x0 === x1) { x0 -= 1; x1 += 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const X = (x) => L + ((x - x0) / (x1 - x0)) * (W - L - R);
  const Y = (y) => T + (1 - (y - y0) / (y1 - y0)) * (H - T - B);
  el("line", { x1: L, y1: T, x2: L, y2: H - B, class: "axis" }, root);
  el("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }, root);
  for (const y of [y0, y1]) {
    const t = el("text", { x: L - 4, y: Y(y) + 4, "text-anchor": "end", class: "tick" }, root);
    t.textContent = format(y);
  }
  for (const [x, anchor] of [[x0, "start"], [x1, "end"]]) {
    const t = el("text", { x: X(x), y: H - 8, "text-anchor": anchor, class: "tick" }, root);
    t.textContent = `${xLabel} ${x}`;
  }
  el("polyline", { points: points.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" "),
                   class: "series" }, root);
  const [lx, ly] = points[points.length - 1];
  el("circle", { cx: X(lx), cy: Y(ly), r: 3, class: "last" }, root);
  return root;
}
