"""``paigow poker sidebet``: the exact odds of a side bet, its Envy bonus, the shipped tables.

A bet on the player's own seven cards (Fortune, Emperor's Challenge, Dynasty...) or on
the banker's (the Queen's Dragon): every seven-card hand of the deck enumerated, each
paid at its best-paying line; the house edge exact. A bet on the banker's hand *as set*
(the Tiger 9) depends on the dealer's way (``--dealer``, default the house way): every
hand of the deck set by that way, from its one-time table (built once, as for advice). A table with an Envy bonus also gets
the Envy's exact expectation for each number of other hands (by linearity), the bet's
edge with it, and how often 0, 1, 2… other hands pay an Envy per round: exact with one
other hand, Monte Carlo with 95% intervals with more; each figure says which.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Amount,
    Choice,
    InputFile,
    Int,
    Token,
    console,
    err_console,
    option,
    paytable_names,
    poker_way_names,
    print_json,
    run_command,
)
from paigow.cli.poker_odds import DECK_OPTION, MAX_SIM_SEED, WHEEL_OPTION, _interruptible, _progress
from paigow.errors import AmountError, PaigowError
from paigow.poker.cards import parse_cards
from paigow.poker.rules import PLACES, PokerRules

MAX_ENVY_ROUNDS = 10**10


class Paytable(Token):
    """A shipped pay table's name, or a TOML file (checked like any input file)."""

    metavar = "PAYTABLE"

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str) and ("/" in value or value.strip().lower().endswith(".toml")):
            return InputFile(self.what)(value)
        return super().__call__(value)



_WHOSE = {"own": "own hand", "banker": "banker's hand", "banker-set": "banker's setting"}


def _pct(x: Fraction | float) -> str:
    return f"{float(x):.4%}"


def _list_tables(json: bool) -> None:
    from rich.table import Table

    from paigow.poker.sidebet import load_paytable, shipped_paytables

    rows: list[dict[str, Any]] = []
    for name in shipped_paytables():
        t = load_paytable(name)
        rows.append({"name": name, "title": t.name, "on": t.on, "joker": t.joker,
                     "lines": len(t.lines), "envy": t.envy is not None, "source": t.source})
    if json:
        print_json(rows)
        return
    out = Table(title="shipped pay tables (sources: --json, docs/poker-floor-games.md)")
    for col in ("name", "bet", "on", "joker", "lines", "Envy"):
        out.add_column(col)
    for r in rows:
        out.add_row(str(r["name"]), str(r["title"]), _WHOSE[str(r["on"])],
                    str(r["joker"] or "either"), str(r["lines"]), "yes" if r["envy"] else "")
    console.print(out)


def _pai_gow_checks(odds: Any) -> list[dict[str, Any]]:
    """Every ``no-pair-R-high`` line (R nine or more) of a full-deck table, counted again by
    combinatorics (:mod:`paigow.poker.paigow_count`)."""
    from paigow.poker.cards import Rank
    from paigow.poker.paigow_count import pai_gow_count

    out: list[dict[str, Any]] = []
    if odds.deck_size != 53:
        return out
    for line in odds.lines:
        if line.hand.startswith("no-pair-") and Rank.parse(line.hand[8]) >= Rank.NINE:
            n = pai_gow_count(line.hand[8], odds.rules.joker)
            out.append({"hand": line.hand, "enumerated": line.count, "combinatorial": n,
                        "agree": n == line.count})
    return out


def register(app: typer.Typer) -> None:
    """Add the ``sidebet`` command to the poker app."""

    @app.command()
    def sidebet(
        paytable: Annotated[
            str, option("--paytable", parser=Paytable("--paytable", complete=paytable_names),
                        help="A shipped pay table name or a TOML file.")
        ] = "",
        list_tables: Annotated[
            bool, typer.Option("--list", help="List the shipped pay tables and stop.")
        ] = False,
        others: Annotated[
            int | None, option("--others", parser=Int("--others", 0, PLACES - 1),
                               help="Other hands at the table, for the Envy (default 5, a "
                               "full table, or what a small --deck deals).")
        ] = None,
        stake: Annotated[
            str | None, option("--stake", parser=Amount("--stake"), help="The bonus bet, "
                               "dollars, for the edge with the Envy (default: the Envy "
                               "minimum).")
        ] = None,
        rounds: Annotated[
            int, option("--rounds", parser=Int("--rounds", 1, MAX_ENVY_ROUNDS),
                        help="Monte Carlo deals for the Envy distribution.")
        ] = 200_000,
        seed: Annotated[
            int | None, option("--seed", parser=Int("--seed", 0, MAX_SIM_SEED),
                               help="Seed of the Monte Carlo deals (default: a fresh one).")
        ] = None,
        joker: Annotated[
            str | None, option("--joker", parser=Choice("--joker", "bug", "wild"),
                               help="Joker rule: bug or wild (default: the pay table's, "
                               "else bug).")
        ] = None,
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        deck: Annotated[str, DECK_OPTION] = "",
        dealer: Annotated[
            str | None, option("--dealer", parser=Token("--dealer", allow_empty=False, metavar="WAY", complete=poker_way_names),
                               help="A bet on the dealer's setting (tiger-9): the way the "
                               "dealer sets every hand by: house (default), a shipped way "
                               "file or a .toml path.")
        ] = None,
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Exact odds of a side bet over all C(53,7) = 154,143,080 seven-card hands, and its
        Envy bonus (exact expectation; distribution exact or Monte Carlo, as labelled); a
        bet on the dealer's setting, every hand set by the dealer's way.

        Example: paigow poker sidebet --paytable fortune --others 5
        """
        from paigow.analysis.dealer_bets import dealer_bet_odds
        from paigow.poker.envy import envy_distribution, envy_odds
        from paigow.poker.sidebet import load_paytable, sidebet_odds
        from paigow.table.money import parse_major

        def body() -> None:
            if list_tables:
                _list_tables(json)
                return
            if not paytable.strip():
                raise PaigowError("give --paytable NAME|FILE (or --list for the shipped ones)")
            table = load_paytable(paytable)
            rules = PokerRules.of(joker or table.joker or "bug", wheel)
            cards = parse_cards(deck) if deck.strip() else None
            size = 53 if cards is None else len(set(cards))
            n_others = others if others is not None else max(0, min(5, size // 7 - 1))
            on_setting = table.on == "banker-set"
            if dealer is not None and not on_setting:
                raise PaigowError(f"--dealer is for a bet on the dealer's setting (such as "
                                  f"tiger-9): {table.name!r} reads seven cards, whoever sets "
                                  "them")
            way = dealer or "house"
            setter: Any = way
            if on_setting:  # a way that cannot set the deck is refused before anything
                from paigow.analysis.dealer_bets import dealer_way_for

                setter = dealer_way_for(way, rules, size)
            if cards is None:  # the whole deck: say what it takes before it starts
                err_console.print(
                    f"sidebet {table.name}: exact odds over all 154,143,080 seven-card hands"
                    + (f", each set by the {way} way" if on_setting else "")
                    + (", then the Envy" if table.envy is not None else "")
                    + ": about a minute on a 2-core machine (a once-built table is kept)",
                    highlight=False, soft_wrap=True)
            label = "the dealer's settings (one-time table)" if on_setting else "side bet"
            with _progress(label) as update:
                odds = _interruptible(
                    lambda: dealer_bet_odds(table, setter, rules, cards, on_progress=update)
                    if on_setting else sidebet_odds(table, rules, cards, update), "side bet"
                )
            data: dict[str, Any] = odds.to_json()
            data["pai_gow_checks"] = _pai_gow_checks(odds)
            envy_data: dict[str, Any] | None = None
            if table.envy is not None:
                ev = envy_odds(table, n_others, rules, cards)
                bet = Fraction(parse_major(stake), 100) if stake is not None else ev.minimum
                if bet <= 0:
                    raise AmountError(f"--stake {stake!r} must be more than 0")
                per_others = [
                    {"others": k, "expected": float(ev.per_hand * k),
                     "edge": float(envy_odds(table, k, rules, cards).edge_with(odds.edge, bet))}
                    for k in range(0, min(5, odds.deck_size // 7 - 1) + 1)
                ]
                with _progress("Envy deals") as update:
                    dist = _interruptible(
                        lambda: envy_distribution(
                            table, n_others, rules, cards, rounds=rounds,
                            seed=seed, on_progress=update),
                        "Envy",
                    )
                envy_data = {
                    **ev.to_json(), "stake": str(bet),
                    "edge_with_envy": float(ev.edge_with(odds.edge, bet)),
                    "edge_with_envy_exact": str(ev.edge_with(odds.edge, bet)),
                    "by_others": per_others, "distribution": dist.to_json(),
                }
                data["envy"] = envy_data
            if json:
                print_json(data)
                return
            _print_odds(odds, data, envy_data)

        run_command(body)


def _print_odds(odds: Any, data: dict[str, Any], envy: dict[str, Any] | None) -> None:
    from rich.table import Table

    from paigow.table.money import format_money

    table = odds.paytable
    whose = {"banker": "the banker's seven cards", "own": "the player's own seven cards",
             "banker-set": f"the banker's hand as the {odds.dealer} way sets it"}[table.on]
    out = Table(title=f"{table.name}, on {whose}: {odds.total:,} hands "
                f"(joker {odds.rules.joker}, wheel {odds.rules.wheel})")
    for col in ("line", "pays", "hands", "probability", "return"):
        out.add_column(col, justify="left" if col == "line" else "right")
    for line in odds.lines:
        out.add_row(line.label, f"{line.pays}", f"{line.count:,}",
                    f"{float(line.probability):.8f}", f"{float(line.ret):.6f}")
    out.add_row("loses", "-1", f"{odds.losing:,}",
                f"{odds.losing / odds.total:.8f}", f"{-odds.losing / odds.total:.6f}")
    console.print(out)
    p = console.print
    how = "every hand enumerated" if odds.dealer is None else \
        f"every hand enumerated, set by the {odds.dealer} way"
    p(f"house edge {_pct(odds.edge)} (exact: {odds.edge}; {how})", highlight=False)
    if table.source:
        p(f"pay table: {table.source}", highlight=False)
    for c in data["pai_gow_checks"]:
        p(f"{c['hand']}: {c['combinatorial']:,} hands counted by combinatorics, "
          f"{'the same as' if c['agree'] else 'DIFFERENT FROM'} the enumeration", highlight=False)
    if envy is None:
        return
    et = Table(title=f"Envy bonus (a bet of {format_money(int(Fraction(envy['minimum']) * 100))} "
               "or more), for each other hand at the table making")
    for col in ("hand", "pays", "hands", "probability"):
        et.add_column(col, justify="left" if col == "hand" else "right")
    for x in envy["lines"]:
        et.add_row(x["label"], format_money(int(Fraction(x["amount"]) * 100)), f"{x['count']:,}",
                   f"{x['probability']:.8f}")
    console.print(et)
    stake = Fraction(envy["stake"])
    p(f"expected Envy per other hand: {envy['per_hand']:.6f} "
      f"(exact {envy['per_hand_exact']}; one enumeration, linearity of expectation)",
      highlight=False)
    for row in envy["by_others"]:
        p(f"  {row['others']} other hand(s): Envy {row['expected']:.6f} per round, edge of a "
          f"{format_money(int(stake * 100))} bet with it {row['edge']:.4%} (exact)",
          highlight=False)
    d = envy["distribution"]
    how = ("exact (one other hand: the enumeration)" if d["method"] == "exact" else
           f"Monte Carlo, {d['rounds']:,} deals (seed {d['seed']}), 95% intervals")
    p(f"Envy hands per round with {d['others']} other hand(s), {how}:", highlight=False)
    for row in d["hands_paying"]:
        band = "" if d["method"] == "exact" else f"  [{row['low']:.6f}, {row['high']:.6f}]"
        p(f"  {row['j']} paying: {row['share']:.6f}{band}", highlight=False)
    lo, hi = d["mean_ci95"]
    band = "" if d["method"] == "exact" else f"  [{lo:.6f}, {hi:.6f}]"
    p(f"  Envy per round {d['mean']:.6f}{band} (exact: {envy['expected']:.6f})", highlight=False)


__all__ = ["register"]
