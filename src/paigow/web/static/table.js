// The paigow browser table: polls /api/state about once a second and posts the person's
// answers. Plain JS, no build step. Money arrives as integer cents and is shown as dollars.
"use strict";

const GAME = document.body.dataset.game;
let state = null;
let meKey = "";
let hint = null;        // {key, data} of the hint shown for the current hand
let hintKey = "";
let betText = null;     // what the person typed in the bet box (kept across redraws)
let busy = false;

function money(cents) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

function esc(text) {
  return String(text).replace(/[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

const SUITS = { s: ["♠", "black"], h: ["♥", "red"], d: ["♦", "red"], c: ["♣", "black"] };

function piece(text) {
  if (GAME === "poker") {
    if (text === "Jk") return '<span class="card joker">JK</span>';
    const [sym, colour] = SUITS[text.slice(-1)] || ["?", "black"];
    const rank = text.slice(0, -1).replace("T", "10");
    return `<span class="card ${colour}">${esc(rank)}${sym}</span>`;
  }
  const [a, b] = text.split("-");
  return `<span class="tile" title="${esc(text)}"><b>${esc(a)}</b><i></i><b>${esc(b)}</b></span>`;
}

function pieces(text) {
  return text.split(" ").filter(Boolean).map(piece).join("");
}

function show(msg, ok) {
  const el = document.getElementById("message");
  el.hidden = !msg;
  el.textContent = msg || "";
  el.className = "message" + (ok ? " ok" : "");
}

async function api(method, path, body) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const resp = await fetch(path, opts);
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  if (!resp.ok) {
    throw new Error((data && data.error) || `${resp.status} ${resp.statusText}`);
  }
  return data;
}

async function act(method, path, body) {
  if (busy) return null;
  busy = true;
  try {
    const data = await api(method, path, body);
    show("");
    await poll();
    return data;
  } catch (err) {
    show(err.message);
    return null;
  } finally {
    busy = false;
  }
}

// -- drawing ---------------------------------------------------------------------------

function drawSeats(s) {
  const el = document.getElementById("seats");
  el.innerHTML = s.seats.map((x) => `
    <div class="seat ${x.kind}${x.you ? " you" : ""}" data-seat="${x.seat}">
      <div class="seat-no">Seat ${x.seat}${x.you ? " · you" : ""}</div>
      <div class="seat-name">${esc(x.name)}</div>
      <div class="seat-balance">${money(x.balance)}</div>
      <div class="seat-bet">${x.bet != null ? "bet " + money(x.bet) : "&nbsp;"}</div>
      <div class="seat-status">${esc(x.status || "")}</div>
    </div>`).join("");
  document.getElementById("house").textContent =
    `House net ${money(s.house_net)} · commission ${Math.round(Number(fraction(s.commission)) * 10000) / 100}%` +
    (s.flat_fee ? ` · fee ${money(s.flat_fee)} a hand` : "");
}

function fraction(text) {
  const [n, d] = String(text).split("/");
  return d ? Number(n) / Number(d) : Number(n);
}

function hintCells(n) {
  if (!hint || hint.key !== hintKey) return "";
  const h = hint.data;
  if (h.status !== "ready") return "";
  const row = h.settings.find((r) => r.n === n);
  if (!row) return "";
  if (row.foul) return '<span class="foul">fouls</span>';
  const pct = (x) => (100 * x / row.total).toFixed(2) + "%";
  return `<span class="ev ${row.ev >= 0 ? "pos" : "neg"}">EV ${row.ev >= 0 ? "+" : ""}${row.ev.toFixed(4)}</span>
    <span class="counts">win ${row.win.toLocaleString()} (${pct(row.win)}) · push ${row.push.toLocaleString()}
    · lose ${row.lose.toLocaleString()} of ${row.total.toLocaleString()}</span>
    ${row.best ? '<span class="best">best</span>' : ""}`;
}

function hintStatus() {
  if (!hint || hint.key !== hintKey) return "";
  const h = hint.data;
  if (h.status === "failed") return `<p class="note">${esc(h.message)}</p>`;
  if (h.status === "working") {
    if (h.building) {
      const p = h.progress;
      const pct = p.total ? ` ${Math.floor(100 * p.done / p.total)}%` : "";
      return `<p class="note working">Building the one-time table of the house way's settings
        (about a minute, cached afterwards)…${pct}</p>`;
    }
    return '<p class="note working">Counting every hand the banker can hold…</p>';
  }
  return `<p class="note">Exact values over all ${h.opponent_hands.toLocaleString()} hands the
    ${GAME === "tiles" ? "banker" : "opponent"} can hold, set the house way; EV per unit bet,
    commission included.</p>`;
}

function drawMe(s) {
  const el = document.getElementById("me");
  const you = s.you;
  document.getElementById("join").hidden = !!you || s.phase === "error" || s.phase === "closed";
  if (!you) { el.hidden = true; meKey = ""; return; }
  el.hidden = false;
  const key = JSON.stringify([you, s.phase, s.round, hint && hint.key === hintKey ? hint.data : null]);
  if (key === meKey) return;
  meKey = key;
  let html = `<h2>${esc(you.name)} · seat ${you.seat} · chips ${money(you.balance)}
    <button class="link" id="leave">leave</button></h2>`;
  if (you.timed_out) html += `<p class="note">You took too long: ${esc(you.timed_out)}.</p>`;
  if (you.awaiting === "bet") {
    const val = betText !== null ? betText : (you.last_bet / 100).toFixed(2);
    html += `<form id="bet-form" class="row">
      <label>Your bet for round ${s.round} ($) <input id="bet-amount" value="${esc(val)}" inputmode="decimal" size="8"></label>
      <button type="submit" id="bet-button">Bet</button>
      <button type="button" id="sit-button" class="secondary">Sit out</button>
      <span class="note">up to ${money(you.most)}</span></form>`;
  } else if (you.awaiting === "bank") {
    const o = you.offer;
    html += `<div class="offer"><p>The bank is offered to you: the other bets total
      ${money(o.others)}; you hold ${money(o.balance)}.</p><div class="row">
      ${o.can_take ? '<button id="bank-take" data-d="take">Take the bank</button>' : ""}
      ${o.can_cobank ? '<button id="bank-cobank" data-d="cobank">Co-bank with the house</button>' : ""}
      <button id="bank-refuse" data-d="refuse" class="secondary">Refuse</button></div></div>`;
  } else if (!you.hand) {
    if (you.bet_in && s.phase === "betting") {
      html += `<p class="note">Your ${you.bet == null ? "sit-out" : "bet of " + money(you.bet)}
        is in; waiting for the others…</p>`;
    } else if (!you.playing && s.phase !== "betting" && s.phase !== "waiting") {
      html += '<p class="note">This round is under way without you; you play from the next round.</p>';
    } else {
      html += `<p class="note">The table is ${esc(s.doing)}…</p>`;
    }
  }
  if (you.hand) {
    const h = you.hand;
    html += `<div class="hand"><span class="label">${h.banking ? "Your hand (you bank)" : "Your hand"}</span>
      ${h.pieces.map(piece).join("")}</div>`;
    if (h.chosen) {
      html += `<p class="chosen">Set: high ${pieces(h.chosen.high)} <small>${esc(h.chosen.high_name)}</small>
        · low ${pieces(h.chosen.low)} <small>${esc(h.chosen.low_name)}</small>
        <span class="note">— waiting for the others…</span></p>`;
    } else {
      html += `<div class="row tools"><button id="hint-button">Hint</button>
        <button id="house-button" class="secondary">House way</button>
        <span class="note">Click a setting to play it.</span></div>${hintStatus()}
        <ol class="settings">` + h.options.map((o) => `
        <li><button class="setting" data-n="${o.n}">
          <span class="num">${o.n}</span>
          <span class="hi">${pieces(o.high)}<small>${esc(o.high_name)}</small></span>
          <span class="lo">${pieces(o.low)}<small>${esc(o.low_name)}</small></span>
          <span class="hint">${hintCells(o.n)}</span>
        </button></li>`).join("") + "</ol>";
    }
  }
  el.innerHTML = html;
  wireMe(s);
}

function wireMe(s) {
  const you = s.you;
  const on = (id, fn) => { const b = document.getElementById(id); if (b) b.onclick = fn; };
  on("leave", () => act("POST", "/api/leave"));
  const form = document.getElementById("bet-form");
  if (form) {
    const input = document.getElementById("bet-amount");
    input.oninput = () => { betText = input.value; };
    form.onsubmit = (ev) => {
      ev.preventDefault();
      act("POST", `/api/seats/${you.seat}/bet`, { amount: input.value.trim() })
        .then((r) => { if (r) betText = input.value.trim(); });
    };
  }
  on("sit-button", () => act("POST", `/api/seats/${you.seat}/bet`, { sit: true }));
  for (const b of document.querySelectorAll(".offer button")) {
    b.onclick = () => act("POST", `/api/seats/${you.seat}/bank`, { decision: b.dataset.d });
  }
  on("house-button", () => act("POST", `/api/seats/${you.seat}/set`, { house: true }));
  on("hint-button", () => askHint(you.seat));
  for (const b of document.querySelectorAll("button.setting")) {
    b.onclick = () => act("POST", `/api/seats/${you.seat}/set`, { index: Number(b.dataset.n) });
  }
}

async function askHint(seat) {
  const key = hintKey;
  for (;;) {
    let data;
    try {
      data = await api("GET", `/api/seats/${seat}/hint`);
    } catch (err) {
      show(err.message);
      return;
    }
    if (key !== hintKey) return;  // the hand changed meanwhile
    hint = { key, data };
    if (state) drawMe(state);
    if (data.status !== "working") return;
    await new Promise((r) => setTimeout(r, 700));
  }
}

function drawLast(s) {
  const el = document.getElementById("last");
  const r = s.last;
  if (!r) { el.hidden = true; return; }
  el.hidden = false;
  const mine = s.you ? s.you.seat : null;
  const rows = r.hands.map((h) => {
    const who = (h.role === "banker" ? `banker${h.seat ? " · seat " + h.seat : ""}` : `seat ${h.seat}`) +
      (h.seat === mine ? " · you" : "") + ` <small>${esc(h.name)}</small>`;
    const res = h.result;
    const out = res ? `<span class="outcome ${res.outcome}">${esc(res.outcome)} ${money(res.net)}</span>` : "";
    return `<tr class="${h.role}${h.seat === mine ? " you" : ""}"><td>${who}</td>
      <td>${pieces(h.high)}<small>${esc(h.high_name)}</small></td>
      <td>${pieces(h.low)}<small>${esc(h.low_name)}</small></td>
      <td>${out}${h.note ? ` <small>[${esc(h.note)}]</small>` : ""}</td></tr>`;
  }).join("");
  const d = r.dice;
  el.innerHTML = `<h2>Round ${r.number}: the reveal</h2>
    <p>Dice ${d.join(" + ")} = ${d[0] + d[1] + d[2]} · banker: ${esc(r.banker_text)}
    ${r.banker.kind !== "house" ? ` · bank net ${money(r.bank_net)}, commission ${money(r.bank_commission)}` : ""}</p>
    <table class="reveal"><tr><th>who</th><th>high hand</th><th>low hand</th><th>result</th></tr>${rows}</table>`;
}

function draw(s) {
  const phase = document.getElementById("phase");
  phase.textContent = s.phase === "error" ? `Stopped: ${s.error}` :
    `Round ${s.round || 1} · ${s.doing}`;
  phase.className = "phase " + s.phase;
  drawSeats(s);
  const you = s.you;
  hintKey = you && you.hand ? `${s.round}:${you.hand.pieces.join(" ")}` : "";
  drawMe(s);
  drawLast(s);
}

async function poll() {
  try {
    const s = await api("GET", "/api/state");
    state = s;
    draw(s);
  } catch (err) {
    document.getElementById("phase").textContent = "connection lost; retrying…";
  }
}

document.getElementById("join-form").onsubmit = (ev) => {
  ev.preventDefault();
  act("POST", "/api/join", { name: document.getElementById("join-name").value });
};

poll();
setInterval(() => { if (!busy) poll(); }, 1000);
