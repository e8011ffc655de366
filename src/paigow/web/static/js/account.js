// "You": a person's wallet and chips at the tables, their password (to sign in from
// another device), signing in and out, and the way to every round they played.

import { announce, api, clearErrors, h, money, showErrorAt, showWho } from "./dom.js";

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
    h("h2", { text: "Sign in" }),
    h("p", { text: "You become a person here the first time you join a table or name a practice: "
      + "your name, a wallet of play money, your history. This browser then stays signed in. "
      + "To use the same person on another device, set a password there first, then sign in here." }),
    h("form", { id: "signin-form", onsubmit: (ev) => {
        ev.preventDefault();
        act("/api/signin", { name: $("signin-name").value, password: $("signin-password").value },
            null, "signin-button");
      } },
      ...field("signin-name", "Name", "text", { autocomplete: "username", max: "24" }),
      ...field("signin-password", "Password", "password", { autocomplete: "current-password" }),
      h("button", { id: "signin-button", type: "submit", class: "primary" }, "Sign in")),
    h("p", {}, h("a", { href: "/", text: "Or pick a table in the lobby" })));
}

function passwordCard(me) {
  return h("div", { class: "acct-card" },
    h("h2", { text: me.password ? "Change your password" : "Set a password" }),
    h("p", { text: me.password
      ? "Your password signs you in as " + me.name + " on another device."
      : "Without a password only this browser is " + me.name + ". Set one to sign in from another device." }),
    h("form", { id: "password-form", onsubmit: (ev) => {
        ev.preventDefault();
        if ($("new-password").value !== $("new-password-2").value) {
          showError("the two new passwords differ: type the same one twice", $("password-button"));
          return;
        }
        const body = { password: $("new-password").value };
        if (me.password) body.old = $("old-password").value;
        act("/api/me/password", body, (r) => {
          const others = r.signed_out_elsewhere || 0;
          $("password-done").textContent = others
            ? `Saved. Your ${others} other browser${others === 1 ? " was" : "s were"} signed out: sign in there with the new password.`
            : "Saved.";
          $("password-done").hidden = false;
        }, "password-button");
      } },
      me.password ? field("old-password", "Current password", "password", { autocomplete: "current-password" }) : null,
      ...field("new-password", "New password (8 to 128 characters)", "password", { autocomplete: "new-password" }),
      ...field("new-password-2", "The new password again", "password", { autocomplete: "new-password" }),
      h("button", { id: "password-button", type: "submit", class: "primary" }, me.password ? "Change it" : "Set it")),
    h("p", { id: "password-done", class: "ok", role: "status", hidden: true, text: "Saved." }));
}

function meCards(me) {
  const seats = me.seats.length
    ? h("table", {},
      h("thead", {}, h("tr", {}, h("th", { text: "Table" }), h("th", { text: "Seat" }), h("th", { text: "Chips" }))),
      h("tbody", {}, ...me.seats.map((s) => h("tr", {},
        h("td", { text: s.table }), h("td", { text: String(s.seat) }), h("td", { text: money(s.chips) })))))
    : h("p", { text: "You sit at no table: all your money is in your wallet." });
  return [
    h("div", { class: "acct-card", id: "wallet-card" },
      h("p", {}, "Wallet ", h("span", { class: "money", id: "wallet", text: money(me.wallet) })),
      seats,
      h("p", {}, "In all: ", h("strong", { id: "total", text: money(me.total) }),
        ` · ${me.rounds} round${me.rounds === 1 ? "" : "s"} played · `,
        h("a", { href: "/history", text: "your rounds at every table" })),
      me.can_reload
        ? h("button", { id: "reload-button", type: "button", onclick: () => act("/api/me/reload", {}, null, "reload-button") },
          `Play money again (${money(me.grant)})`)
        : null),
    passwordCard(me),
    h("div", { class: "acct-card" },
      h("p", { text: "Signing out forgets this browser; your wallet, seats and history stay yours." }),
      h("button", { id: "signout-button", type: "button", onclick: () => act("/api/signout", {}, null, "signout-button") }, "Sign out")),
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
      h("button", { type: "button", onclick: () => act("/api/signout", {}) }, "Sign out"));
    return;
  }
  $("account-title").textContent = me.signed_in ? `You: ${me.name}` : "You";
  showWho(me.signed_in ? me.name : "");
  $("account").replaceChildren(...(me.signed_in ? meCards(me) : [signInCard()]));
}

show();
