// The page's words in the reader's language (web/i18n.py; docs/i18n.md).
//
// The server puts its gettext catalog for the page's language in the page (the
// <script id="catalog"> of base.html, compiled from the same .po as the server's words).
// t("Bet") translates the page's own words, filling {placeholders}; tn() picks a
// singular or plural; tr(text) translates a text the server made in English (a status, a
// rule in words, an engine's reason: "tie at 7 points: ..."): a message of the catalog as
// it stands, else the first template it matches ("tie at {what}: ..."), its captured parts
// translated the same way. web/i18n.py's phrase() does the same for the server's pages
// (tests/web/test_i18n.py runs both on the same texts).

let CAT = null;

function catalog() {
  if (CAT) return CAT;
  // no page (a test's bare DOM, Node): no catalog, the page's own words as they are
  const el = typeof document !== "undefined" && typeof document.getElementById === "function"
    ? document.getElementById("catalog") : null;
  try { CAT = el ? JSON.parse(el.textContent) : {}; } catch (e) { CAT = {}; }
  return useCatalog(CAT);
}

// Set the catalog (the page's, or a test's): { lang, messages }.
export function useCatalog(cat) {
  CAT = { lang: (cat && cat.lang) || "en", messages: (cat && cat.messages) || {} };
  TEMPLATES = null;
  MEMO.clear();
  return CAT;
}

export function lang() {
  return catalog().lang;
}

function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

// A message of the page, translated, its {placeholders} filled from `args`.
export function t(message, args) {
  const m = catalog().messages[message];
  return fill(typeof m === "string" && m ? m : message, args);
}

// The singular or the plural message for `n` ({n} is filled with it).
export function tn(one, many, n, args) {
  const m = catalog().messages[one];
  return fill(typeof m === "string" && m ? m : n === 1 ? one : many, { n, ...(args || {}) });
}

let TEMPLATES = null;
const MEMO = new Map();

function templates() {
  if (TEMPLATES) return TEMPLATES;
  const found = [];
  for (const [id, str] of Object.entries(catalog().messages)) {
    if (!str || !id.includes("{")) continue;
    const parts = id.split(/\{(\w+)\}/);
    if (parts.length < 3) continue;
    const slots = parts.filter((_, i) => i % 2 === 1);
    const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
    const source = parts.map((p, i) => (i % 2 === 0 ? p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
                                                  : `(?<${p}>[\\s\\S]+?)`)).join("");
    try {
      found.push({ fixed, rx: new RegExp(`^${source}$`), str, slots });
    } catch (e) { /* a placeholder used twice: not a template tr() can read */ }
  }
  found.sort((a, b) => b.fixed - a.fixed);
  TEMPLATES = found;
  return found;
}

function phrase(text, depth) {
  const exact = catalog().messages[text];
  if (typeof exact === "string" && exact) return exact;
  if (depth > 6) return text;
  const key = text;
  if (MEMO.has(key)) return MEMO.get(key);
  let out = text;
  for (const { rx, str, slots } of templates()) {
    const m = rx.exec(text);
    if (!m) continue;
    const args = {};
    for (const s of slots) args[s] = phrase(m.groups[s], depth + 1);
    out = fill(str, args);
    break;
  }
  if (out === text && /^[A-Z][a-z]/.test(text)) {  // "The house banks": as "the house banks"
    const lower = phrase(text[0].toLowerCase() + text.slice(1), depth + 1);
    if (lower !== text[0].toLowerCase() + text.slice(1)) out = lower;
  }
  if (out === text && text.length > 1 && text.endsWith(".")) {  // a phrase made a sentence
    const inner = phrase(text.slice(0, -1), depth + 1);
    if (inner !== text.slice(0, -1)) out = inner + t(".");
  }
  if (MEMO.size > 20000) MEMO.clear();
  MEMO.set(key, out);
  return out;
}

// A text the server made in English, in the page's language.
export function tr(text) {
  if (text === null || text === undefined || text === "") return text;
  if (lang() === "en") return String(text);
  return phrase(String(text), 0);
}

// Money in the page's language (CLDR, as Babel formats it on the server): "$1,234.50".
export function formatMoney(cents) {
  const fmt = new Intl.NumberFormat(lang(), { style: "currency", currency: "USD",
                                              currencyDisplay: "narrowSymbol" });
  return fmt.format(cents / 100);
}

// A moment in the page's language: "27 Nov 2026, 15:04" / "2026年11月27日 15:04".
export function formatWhen(date) {
  return new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

// A hand's name as the server sends it ("pair of Teen", "high nine"), in the page's
// language: the high nine is named by the Teen or Day it holds (天九, 地九).
export function handName(name, pieces = []) {
  if (lang() === "en" || name !== "high nine") return tr(name);
  const lead = pieces.includes("6-6") ? "Teen" : pieces.includes("1-1") ? "Day" : null;
  return lead ? tr(`${lead} high nine`) : tr(name);
}
