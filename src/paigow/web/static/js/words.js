import { floatTip } from "./dom.js";
import { t } from "./i18n.js";

// Terms of art explained where a player meets them: every term of the server's glossary
// (words.py, in the page as JSON) found in a region's text becomes a small button whose
// explanation shows on hover (its title), on tap or click, and on keyboard focus.

let GLOSSARY = null;
let PATTERN = null;

// The games' names hold a term's words ("Pai Gow Poker", "Pai Gow tiles": "pai gow" at
// poker is a hand of no pair): a name is the game, never the term, and is left as it is.
const NAMES = ["Commission-Free Pai Gow Poker", "EZ Pai Gow", "Pai Gow Poker", "Pai Gow tiles"]
  .map((n) => t(n));

function glossary() {
  if (GLOSSARY) return GLOSSARY;
  const el = document.getElementById("glossary");
  try { GLOSSARY = el ? JSON.parse(el.textContent) : {}; } catch (e) { GLOSSARY = {}; }
  const terms = [...Object.keys(GLOSSARY), ...NAMES].sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  PATTERN = terms.length ? new RegExp(`(^|[^\\w-])(${terms.join("|")})(?![\\w-])`, "i") : null;
  return GLOSSARY;
}

function lookup(word) {
  const g = glossary();
  const key = Object.keys(g).find((k) => k.toLowerCase() === word.toLowerCase());
  return key ? g[key] : null;
}

function termNode(word) {
  const text = lookup(word);
  const node = document.createElement("button");
  node.type = "button";
  node.className = "term";
  node.textContent = word;
  node.title = text;
  node.setAttribute("aria-label", `${word}: ${text}`);
  node.addEventListener("click", (ev) => { ev.preventDefault(); ev.stopPropagation(); showTip(node, text); });
  node.addEventListener("focus", () => showTip(node, text));
  node.addEventListener("blur", hideTip);
  return node;
}

let tip = null;
function hideTip() { if (tip) { tip.remove(); tip = null; } }

function showTip(node, text) {
  hideTip();
  tip = floatTip(node, text, "term-tip", true);
}
document.addEventListener("click", (ev) => { if (!ev.target.closest || !ev.target.closest(".term")) hideTip(); });
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideTip(); });

// Wrap the first occurrence of each term in every text node under `root` (not inside a
// button, a link or a form control: those keep their own meaning; nor in text for screen
// readers only, where a term's button would be a control nobody sees). Returns `root`.
export function explained(root) {
  glossary();
  if (!PATTERN || !root) return root;
  const roots = Array.isArray(root) ? root : [root];
  for (const r of roots) {
    if (!r || !r.nodeType) continue;
    const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement && n.parentElement.closest(
        "button, a, label, select, option, input, textarea, .term, code, title, svg, .sr-only")
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    for (const n of nodes) {
      let rest = n;
      for (let guard = 0; guard < 8 && rest; guard++) {
        const m = PATTERN.exec(rest.data);
        if (!m) break;
        const start = m.index + m[1].length;
        const word = rest.splitText(start);
        rest = word.splitText(m[2].length);
        // a game's name stays as it is (even where a language writes a term the same way)
        if (!NAMES.some((n) => n.toLowerCase() === m[2].toLowerCase()) && lookup(m[2]) !== null) {
          word.replaceWith(termNode(m[2]));
        }
      }
    }
  }
  return root;
}
