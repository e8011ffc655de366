// "You": a person's wallet and chips at the tables, their password (to sign in from
// another device), signing in and out, and the way to every round they played.

import { announce, api, clearErrors, h, money, showErrorAt, showWho } from "./dom.js";
import { t, tableName, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// An error shows at the button that was pressed (`anchor`), announced and on screen, as at
// the tables; with no button, in the box at the top of the page.
function showError(message, anchor = null) {
  showErrorAt(anchor, message);
  if (message) announce(message);
}

async function act(path, body, done, anchor = null) {
  clearErrors();
  try {
    const r = await api("POST", path, body);
    await show();
    if (done) done(r);
  } catch (e) {
    showError(e.message, anchor && $(anchor));
  }
}

function field(id, label, type = "text", extra = {}) {
  return [h("label", { for: id, text: label }),
    h("input", { id, type, autocomplete: extra.autocomplete || "off", maxlength: extra.max || "128",
                 required: true })];
}

function signInCard() {
  return h("div", { class: "acct-card" },
    h("h2", { text: t("Sign in") }),
    h("p", { text: t("You become a person here the first time you join a table or name a practice: your name, a wallet of play money, your history. This browser then stays signed in. To use the same person on another device, set a password there first, then sign in here.") }),
    h("form", { id: "signin-form", onsubmit: (ev) => {
        ev.preventDefault();
        act("/api/signin", { name: $("signin-name").value, password: $("signin-password").value },
            null, "signin-button");
      } },
      ...field("signin-name", t("Name"), "text", { autocomplete: "username", max: "24" }),
      ...field("signin-password", t("Password"), "password", { autocomplete: "current-password" }),
      h("button", { id: "signin-button", type: "submit", class: "primary" }, t("Sign in"))),
    h("p", {}, h("a", { href: "/", text: t("Or pick a table in the lobby") })));
}

function passwordCard(me) {
  return h("div", { class: "acct-card" },
    h("h2", { text: me.password ? t("Change your password") : t("Set a password") }),
    h("p", { text: me.password
      ? t("Your password signs you in as {name} on another device.", { name: me.name })
      : t("Without a password only this browser is {name}. Set one to sign in from another device.", { name: me.name }) }),
    h("form", { id: "password-form", onsubmit: (ev) => {
        ev.preventDefault();
        if ($("new-password").value !== $("new-password-2").value) {
          showError(t("the two new passwords differ: type the same one twice"), $("password-button"));
          return;
        }
        const body = { password: $("new-password").value };
        if (me.password) body.old = $("old-password").value;
        act("/api/me/password", body, (r) => {
          const others = r.signed_out_elsewhere || 0;
          $("password-done").textContent = others
            ? tn("Saved. Your other browser was signed out: sign in there with the new password.",
                 "Saved. Your {n} other browsers were signed out: sign in there with the new password.", others)
            : t("Saved.");
          $("password-done").hidden = false;
        }, "password-button");
      } },
      me.password ? field("old-password", t("Current password"), "password", { autocomplete: "current-password" }) : null,
      ...field("new-password", t("New password (8 to 128 characters)"), "password", { autocomplete: "new-password" }),
      ...field("new-password-2", t("The new password again"), "password", { autocomplete: "new-password" }),
      h("button", { id: "password-button", type: "submit", class: "primary" }, me.password ? t("Change it") : t("Set it"))),
    h("p", { id: "password-done", class: "ok", role: "status", hidden: true, text: t("Saved.") }));
}

function meCards(me) {
  const seats = me.seats.length
    ? h("table", {},
      h("thead", {}, h("tr", {}, h("th", { text: t("Table") }), h("th", { text: t("Seat") }), h("th", { text: t("Chips") }))),
      h("tbody", {}, ...me.seats.map((s) => h("tr", {},
        h("td", { text: tableName({ name: s.table, name_msg: s.table_msg }) }), h("td", { text: String(s.seat) }), h("td", { text: money(s.chips) })))))
    : h("p", { text: t("You sit at no table: all your money is in your wallet.") });
  return [
    h("div", { class: "acct-card", id: "wallet-card" },
      h("p", {}, t("Wallet"), " ", h("span", { class: "money", id: "wallet", text: money(me.wallet) })),
      seats,
      h("p", {}, t("In all:"), " ", h("strong", { id: "total", text: money(me.total) }), " · ",
        tn("{n} round played", "{n} rounds played", me.rounds), " · ",
        h("a", { href: "/history", text: t("your rounds at every table") })),
      me.can_reload
        ? h("button", { id: "reload-button", type: "button", onclick: () => act("/api/me/reload", {}, null, "reload-button") },
          t("Play money again ({amount})", { amount: money(me.grant) }))
        : null),
    passwordCard(me),
    h("div", { class: "acct-card" },
      h("p", { text: t("Signing out forgets this browser; your wallet, seats and history stay yours.") }),
      h("button", { id: "signout-button", type: "button", onclick: () => act("/api/signout", {}, null, "signout-button") }, t("Sign out"))),
  ];
}

async function show() {
  let me;
  try {
    me = await api("GET", "/api/me");
  } catch (e) {
    showError(e.message);
    showWho("");
    $("account").replaceChildren(signInCard(),
      h("button", { type: "button", onclick: () => act("/api/signout", {}) }, t("Sign out")));
    return;
  }
  $("account-title").textContent = me.signed_in ? t("You: {name}", { name: me.name }) : t("You");
  showWho(me.signed_in ? me.name : "");
  $("account").replaceChildren(...(me.signed_in ? meCards(me) : [signInCard()]));
}

show();
