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
  CAT = { lang: (cat && cat.lang) || "en", messages: (cat && cat.messages) || {},
          names: (cat && cat.names) || [] };
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

// Placeholders that name a tile pair match only a pair's name (web/i18n.py's PAIR_SLOTS):
// "pair of tens" (poker) is never read as the tile game's "pair of {pair}".
const PAIR_SLOTS = new Set(["pair", "other_pair", "lead"]);
const escape = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function templates() {
  if (TEMPLATES) return TEMPLATES;
  const found = [];
  const names = (catalog().names || []).map(escape).join("|");
  for (const [id, str] of Object.entries(catalog().messages)) {
    if (!str || !id.includes("{")) continue;
    const parts = id.split(/\{(\w+)\}/);
    if (parts.length < 3) continue;
    const slots = parts.filter((_, i) => i % 2 === 1);
    const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
    const source = parts.map((p, i) => (i % 2 === 0 ? escape(p)
      : PAIR_SLOTS.has(p) && names ? `(?<${p}>${names})` : `(?<${p}>[\\s\\S]+?)`)).join("");
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

// A message the server made (web/i18n.py's say() does the same on the server): its parts
// { id, args } (a catalog message and what fills it: a message, an amount { money }, a name
// or a number), said in the page's language; a plain text (English kept in the ledger) is
// read back through the catalog's templates (tr).
export function say(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return tr(v);
  if (typeof v === "number") return String(v);
  if (typeof v === "object") {
    if ("money" in v) return formatMoney(v.money);
    if ("id" in v) return sayMessage(v);
  }
  return String(v);
}

function sayMessage(m) {
  if (!m.id) return "";
  const args = m.args || {};
  const keys = Object.keys(args);
  if (lang() === "en" && typeof m.text === "string") return m.text;  // its own English
  const found = lang() !== "en" ? catalog().messages[m.id] : null;
  if (!keys.length) {
    if (lang() === "en") return m.id;
    return typeof found === "string" && found ? found : phrase(m.id, 0);  // an engine's phrase
  }
  const template = typeof found === "string" && found ? found : m.id;
  const said = {};
  for (const k of keys) {
    const a = args[k];
    said[k] = a !== null && typeof a === "object" ? say(a) : String(a);
  }
  return fill(template, said);
}

// A table's name: its default name said in the page's language ("Tiles table 1", sent as
// a message beside the name), or the name people gave it.
export function tableName(x) {
  return x && x.name_msg ? say(x.name_msg) : (x ? x.name : "");
}

// A message as a sentence: capitalised and ended with a full stop in English, said with the
// catalog's full stop otherwise ("。").
export function sentence(v) {
  const text = say(v);
  if (!text) return text;
  if (lang() === "en") return `${text[0].toUpperCase()}${text.slice(1)}${text.endsWith(".") ? "" : "."}`;
  const stop = t(".");
  return text.endsWith(stop) ? text : text + stop;
}

// The locale of each language offered, as web/i18n.py's BABEL_LOCALES names it for Babel:
// both read CLDR's data, so the page and the server format alike (tests/web/test_i18n.py).
function locale() {
  return lang();
}

// Money in the page's language, as Babel formats it on the server: "$1,234.50",
// "US$1,234.50".
export function formatMoney(cents) {
  return new Intl.NumberFormat(locale(), { style: "currency", currency: "USD" }).format(cents / 100);
}

// A number in the page's language: "1,234,567".
export function formatNumber(n) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: 3 }).format(n);
}

// A moment in the page's language, a date of medium length and a short time, in the
// reader's time zone (or `timeZone`): "Nov 27, 2026, 3:04 PM" / "2026年11月27日 下午3:04".
export function formatWhen(date, timeZone) {
  const opts = { dateStyle: "medium", timeStyle: "short" };
  if (timeZone) opts.timeZone = timeZone;
  return new Intl.DateTimeFormat(locale(), opts).format(date);
}

// A hand's name as the server sends it (a message, or the English kept in the ledger:
// "pair of Teen", "high nine"), in the page's language: the high nine is named by the Teen
// or Day it holds (天九, 地九).
export function handName(name, pieces = []) {
  const id = name && typeof name === "object" ? name.id : name;
  if (lang() === "en" || id !== "high nine") return say(name);
  const lead = pieces.includes("6-6") ? "Teen" : pieces.includes("1-1") ? "Day" : null;
  return lead ? tr(`${lead} high nine`) : say(name);
}
