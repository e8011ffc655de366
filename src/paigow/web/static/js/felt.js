// The table seen from above: the places in table order around the felt, the Chung on the
// banker's place from the moment the bank is decided, the three dice, and the woodpile of
// eight stacks (tiles) or the deck (poker) with the deal going out from it in the order
// the dice count.

import { h, money } from "./dom.js";
import { say, sentence, t } from "./i18n.js";

// On the felt, whole dollars drop their cents ($500, $12.50): the seat boxes stay small.
function chips(cents) {
  const m = money(cents);
  return m.endsWith(".00") ? m.slice(0, -3) : m;
}
import { cardBackSVG, chungSVG, dieSVG, tileBackSVG } from "./pieces.js";

// Place k's centre in percent of the felt: place 0 (the dealer's) at the top, the others
// clockwise, as on the table seen from above (far enough in that a box at the side clears
// the rim on a phone).
export function placeXY(k, places) {
  const a = -Math.PI / 2 + (2 * Math.PI * k) / places;
  return [50 + 35 * Math.cos(a), 50 + 38 * Math.sin(a)];
}

function dealOrder(first, places, direction) {
  return [...Array(places).keys()].map((k) => (((first + direction * k) % places) + places) % places);
}

function seatChip(state, place, banker) {
  const seat = state.seats.find((s) => s.place === place);
  const isBanker = banker && banker.place === place;
  const children = [];
  // the Chung sits in the chip's first line, so the rim never cuts it
  const chung = isBanker ? h("span", { class: "chung-wrap" }, chungSVG()) : null;
  if (place === 0) {
    children.push(h("span", { class: "who" }, chung, t("Dealer")));
    children.push(h("span", { class: "sub", text: t("house {amount}", { amount: money(state.house_net) }) }));
  } else if (!seat) {
    const dragon = state.in_play && state.in_play.dragon;
    children.push(h("span", { class: "who muted", text: t("place {place}", { place }) }));
    if (dragon && dragon.place === place) {
      children.push(h("span", { class: "sub", text: t("dragon hand · seat {seat}", { seat: dragon.seat }) }));
      children.push(h("span", { class: "bet-chip", text: money(dragon.stake) }));
    } else {
      children.push(h("span", { class: "sub muted", text: t("empty") }));
    }
  } else {
    children.push(h("span", { class: "who" }, chung,
      h("span", { class: "seat-no", text: `${seat.seat}` }), " ",
      h("span", { class: "name", text: say(seat.name) })));
    children.push(h("span", { class: "sub" }, h("span", { title: money(seat.balance), text: chips(seat.balance) }),
      seat.bet ? h("span", { class: "bet-chip", title: t("bet {amount}", { amount: money(seat.bet) }), text: chips(seat.bet) }) : null));
    if (seat.status) children.push(h("span", { class: "status", text: say(seat.status) }));
  }
  if (state.option === place && !banker && place !== 0) {
    children.push(h("span", { class: "option", text: t("bank option") }));
  }
  const label = place === 0 ? t("the dealer's place")
    : seat ? t("seat {seat}, {name}", { seat: seat.seat, name: say(seat.name) }) : t("empty place {place}", { place });
  const chip = h("div", {
    class: ["place", seat && seat.you ? "you" : "", seat && seat.kind === "person" ? "person" : "",
            isBanker ? "banker" : "", !seat && place !== 0 ? "empty" : ""].join(" "),
    role: "group", "aria-label": label + (isBanker ? t(", the banker") : ""),
  }, ...children);
  return chip;
}

export function renderFelt(state) {
  const places = state.places;
  const ip = state.in_play;
  const banker = ip ? ip.banker : null;
  const game = state.table.game;
  const felt = h("div", { class: `felt felt-${game}`, role: "region",
                          "aria-label": t("the table seen from above") });
  for (let k = 0; k < places; k++) {
    const [x, y] = placeXY(k, places);
    const chip = seatChip(state, k, banker);
    chip.style.left = `${x}%`;
    chip.style.top = `${y}%`;
    felt.appendChild(chip);
  }
  const centre = h("div", { class: "centre" });
  let note = null;
  if (ip) {
    const total = ip.dice.reduce((a, c) => a + c, 0);
    centre.appendChild(h("div", { class: "dice", role: "img",
                                  "aria-label": t("dice {dice}: {total}", { dice: ip.dice.join(", "), total }) },
      ...ip.dice.map((d) => dieSVG(d)),
      h("span", { class: "dice-total", text: `= ${total}` })));
    const from = game === "tiles"
      ? (ip.banker.place === 0 ? t("from the dealer, counterclockwise") : t("from seat {seat}, counterclockwise", { seat: ip.banker.place }))
      : t("from the dealer, clockwise");
    const to = ip.first_place === 0 ? t("the dealer") : t("place {place}", { place: ip.first_place });
    // under the felt, not on it: no text over the woodpile or under a seat
    note = h("p", { class: "deal-note",
      text: [game === "tiles"
        ? t("Dice {dice} = {total}, counted {from}: {to} takes the first stack.", { dice: ip.dice.join(" + "), total, from, to })
        : t("Dice {dice} = {total}, counted {from}: {to} takes the first hand.", { dice: ip.dice.join(" + "), total, from, to }),
      sentence(ip.banker_words)].join(" ") });
  }
  const dealt = state.phase === "setting" && ip;
  const order = ip ? dealOrder(ip.first_place, places, state.direction) : [];
  if (game === "tiles") {
    const pile = h("div", { class: `woodpile ${dealt ? "dealt" : ""}`, role: "img",
                            "aria-label": dealt ? t("the woodpile, dealt") : t("the woodpile: eight stacks of four") });
    for (let i = 0; i < 8; i++) {
      const stack = h("div", { class: "stack" }, tileBackSVG(), tileBackSVG());
      if (dealt) {
        const [x, y] = placeXY(order[i], places);
        stack.style.setProperty("--dx", `${(x - 50) * 3.2}px`);
        stack.style.setProperty("--dy", `${(y - 50) * 2.6}px`);
        stack.style.animationDelay = `${i * 90}ms`;
        stack.classList.add("going");
      }
      pile.appendChild(stack);
    }
    centre.appendChild(pile);
  } else {
    const deck = h("div", { class: `deck ${dealt ? "dealt" : ""}`, role: "img",
                            "aria-label": dealt ? t("the deck, dealt: seven hands of seven") : t("the deck") });
    for (let i = 0; i < 7; i++) {
      const hand = h("div", { class: "hand-back" }, cardBackSVG(), cardBackSVG());
      if (dealt) {
        const [x, y] = placeXY(order[i], places);
        hand.style.setProperty("--dx", `${(x - 50) * 3.2}px`);
        hand.style.setProperty("--dy", `${(y - 50) * 2.6}px`);
        hand.style.animationDelay = `${i * 90}ms`;
        hand.classList.add("going");
      }
      deck.appendChild(hand);
    }
    centre.appendChild(deck);
  }
  felt.appendChild(centre);
  return note ? [felt, note] : felt;
}
