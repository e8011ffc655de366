"""The commission-free game in the analyses (issue 13): a banker's hand of a named kind
(EZ Pai Gow: a queen-high pai gow) pushes every bet.

Checked against the reference: the kind by :meth:`HandKind.matches` (the best of the 21
five-card hands by :func:`paigow.poker.rank.rank5`), every comparison by
:func:`paigow.poker.setting.compare`; and the Monte Carlo twin against exact advice.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from paigow.analysis import poker_kernels as kern
from paigow.analysis.poker_odds import advise, brute_force_advice
from paigow.analysis.poker_sim import DEFAULT_CHUNK, chunk_stream, simulate, simulate_hand
from paigow.analysis.poker_ways import fast_way
from paigow.poker.cards import parse_cards
from paigow.poker.kinds import parse_kind
from paigow.poker.rules import PokerRules
from paigow.poker.setting import compare, is_foul
from paigow.settle import Outcome
from paigow.ways import get_way

KINDS = [parse_kind(f"pai-gow:{r}") for r in "9TJQKA"]
Q = parse_kind("pai-gow:Q")
EZ = PokerRules(push="pai-gow:Q")

# 17 cards of many ranks: the 10 a hand leaves hold queen-high pai gows (120 hands)
DECK = parse_cards("Qs Jh 9c 7s 5h 4d 3c 2s Kh Ah 8d 6c Qd Jc 9h Jk 2h")
HAND = "Kh Ah 8d 6c Qd Jc 2h"         # leaves Qs Jh 9c 7s 5h 4d 3c 2s 9h Jk
JOKER_HAND = "Jk Ah 8d 6c Qd Jc 2h"   # leaves Kh among the rest
OWN_KIND = "Qs Jh 9c 7s 5h 3c 2s"      # a queen-high pai gow itself


def _rich_hands(rng: np.random.Generator, n: int) -> list[list[int]]:
    """Hands of seven different ranks (most are pai gows), a quarter with the joker."""
    out = []
    for _ in range(n):
        ranks = rng.choice(13, 7, replace=False)
        cards = [int(r) * 4 + int(rng.integers(4)) for r in ranks]
        if rng.random() < 0.25:
            cards[int(rng.integers(7))] = 52
        out.append(sorted(cards))
    return out


# ------------------------------------------------------------- the kind classifier


@pytest.mark.parametrize("joker", ["bug", "wild"])
def test_kind_mask_equals_hand_kind_matches_on_random_hands(joker: str) -> None:
    """The numba classification equals the reference on every hand of a random sample:
    uniform hands, and hands of seven different ranks (rich in pai gows, joker too)."""
    rules = PokerRules(joker=joker)  # type: ignore[arg-type]
    rng = np.random.default_rng(20)
    uniform = [sorted(int(c) for c in rng.choice(53, 7, replace=False)) for _ in range(600)]
    rich = _rich_hands(rng, 600)
    hands = np.array(uniform + rich, dtype=np.int32)
    got = kern.kind_mask(hands, Q, rules)
    want = [Q.matches(h, rules) for h in hands.tolist()]
    assert got.tolist() == want
    assert sum(want) >= 30  # the sample does reach the kind
    few = np.array(rich[:100], dtype=np.int32)
    for kind in KINDS:
        assert kern.kind_mask(few, kind, rules).tolist() == [
            kind.matches(h, rules) for h in few.tolist()], kind.spec
    if joker == "bug":  # the bug joker makes ace-high pai gows
        assert any(52 in h and parse_kind("pai-gow:A").matches(h, rules) for h in rich)


@pytest.mark.parametrize(("cards", "bug", "wild"), [
    ("Qs Jh 9d 7c 5s 3h 2d", "Q", "Q"),
    ("9s 8h 7d 6c 4s 3h 2d", "9", "9"),      # the lowest pai gow: nine high
    ("Ks Qh 9d 7c 5s 3h 2d", "K", "K"),
    ("Jk Qs Jh 9d 7c 5s 3h", "A", None),     # bug: the joker is an ace; wild: it pairs
    ("Jk As Qh 9d 7c 5s 3h", None, None),    # the joker with an ace: a pair of aces
    ("Jk Qs Jh Td 9c 5s 3h", None, None),    # the joker completes a straight
    ("Jk Qs Js 9s 7s 5d 3h", None, None),    # the joker completes a flush
    ("Jk 2s 3h 4d 5c 9s Td", None, None),    # the joker as an ace makes the wheel
    ("Jk 2s 3h 4d 8c Ts Qd", "A", None),     # no straight to complete: ace high
    ("Qs Js 9s 7s 5s 3h 2d", None, None),    # a flush
    ("As 2h 3d 4c 5s 9h Jd", None, None),    # the wheel is a straight (both wheel rules)
    ("Qs Jh 9d 7c 5s 3h 3d", None, None),    # a pair
])
def test_kind_edge_cases_both_joker_rules(cards: str, bug: str | None, wild: str | None) -> None:
    """Constructed hands, the expected kind read from the rule (paigow.poker.kinds):
    the reference and the numba classification both give it, under both joker rules
    and both wheel rules."""
    hand = parse_cards(cards)
    for joker, expected in (("bug", bug), ("wild", wild)):
        for wheel in ("second", "lowest"):
            rules = PokerRules(joker=joker, wheel=wheel)  # type: ignore[arg-type]
            ref = [k.spec[-1] for k in KINDS if k.matches(hand, rules)]
            assert ref == ([] if expected is None else [expected]), (joker, wheel)
            top = int(kern.pai_gow_high(np.array([sorted(hand)], np.int32), rules)[0])
            assert top == (0 if expected is None else "23456789TJQKA".index(expected) + 2)


# ------------------------------------------------------------------ exact advice


# 17 cards, most of them low: the house way often plays a nine in front here (low:9)
LOW_DECK = parse_cards("Ks Ah 9c 9d 8s 8h 7c 6d 5s 4h 3c 2d Qh Jk Tc 2s 4c")
LOW_HAND = "Ks Ah 6d 5s 4h 2s Qh"        # leaves 9c 9d 8s 8h 7c 3c 2d Jk Tc 4c
NINE_FRONT = "9c 8s 7c 6d 4h 3c Ks"      # no pair: K behind, 9-8 in front by the house way
CF = PokerRules(push="low:9")


@pytest.mark.parametrize(("rules", "hand", "banking", "deck"), [
    (EZ, HAND, False, DECK),
    (EZ, JOKER_HAND, False, DECK),
    (EZ, JOKER_HAND, True, DECK),
    (EZ, OWN_KIND, True, DECK),                # the bank's own queen-high pai gow
    (EZ, OWN_KIND, False, DECK),
    (PokerRules(joker="wild", wheel="lowest", push="pai-gow:Q"), JOKER_HAND, False, DECK),
    (PokerRules(wheel="lowest", push="pai-gow:A"), HAND, True, DECK),
    (PokerRules(joker="wild"), OWN_KIND, True, DECK),
    # a push on the banker's setting (issue 18): its two-card hand nine (or ten) high
    (CF, LOW_HAND, False, LOW_DECK),
    (CF, LOW_HAND, True, LOW_DECK),
    (CF, NINE_FRONT, True, LOW_DECK),          # the bank's own nine-high front pushes it all
    (CF, NINE_FRONT, False, LOW_DECK),
    (PokerRules(joker="wild", wheel="lowest", push="low:9"), LOW_HAND, False, LOW_DECK),
    (PokerRules(push="low:T"), NINE_FRONT, True, LOW_DECK),
], ids=lambda x: x.push + x.joker if isinstance(x, PokerRules) else
    (f"{len(x)} cards" if isinstance(x, tuple) else str(x)))
def test_both_methods_equal_brute_force_under_every_rule(
    rules: PokerRules, hand: str, banking: bool, deck: tuple[int, ...]
) -> None:
    """Grid and histogram methods against the reference brute force, push rules and
    ranking variants, both roles (banking with a queen-high pai gow pushes it all). The
    brute force classifies each banker hand with the reference: a seven-card kind by
    ``HandKind.matches``, ``low:R`` by ranking the two-card hand of its setting with
    ``rank2``; and compares every pair of hands with ``setting.compare``."""
    house = fast_way("house", PokerRules(rules.joker, rules.wheel))
    brute = brute_force_advice(hand, house, banking, rules, deck)
    for method in ("grid", "histogram"):
        adv = advise(hand, house, banking, 0, rules, deck, cache=False, method=method)
        assert {s.split: (s.win, s.push, s.lose) for s in adv.settings} == brute, method
        assert adv.push_rule == rules.push


def test_push_identity_pushes_are_exactly_the_kind_hands_won_or_lost() -> None:
    """Under the push rule every setting's counts still sum to the banker hands, and the
    pushes added are exactly the banker queen-high pai gows the player would otherwise
    win or lose (each opponent hand classified and compared by the reference)."""
    from itertools import combinations

    classic = PokerRules()
    rest = [c for c in DECK if c not in parse_cards(HAND)]
    way = get_way("house", classic)
    banker = [(row, way.choose(row, True).setting, Q.matches(row, EZ))
              for row in combinations(rest, 7)]
    kind_hands = sum(k for _, _, k in banker)
    assert kind_hands >= 5
    with_push = advise(HAND, "house", False, 0, EZ, DECK, cache=False)
    without = advise(HAND, "house", False, 0, classic, DECK, cache=False)
    assert with_push.pushed == kind_hands and without.pushed == 0
    assert [s.split for s in with_push.settings] == [s.split for s in without.settings]
    for ez, cl in zip(with_push.settings, without.settings, strict=True):
        assert ez.win + ez.push + ez.lose == with_push.total == comb(10, 7)
        outcomes = [(compare(ez.setting, b, classic).outcome, k) for _, b, k in banker]
        won_kind = sum(1 for o, k in outcomes if k and o is Outcome.WIN)
        lost_kind = sum(1 for o, k in outcomes if k and o is Outcome.LOSE)
        assert (cl.win - ez.win, cl.lose - ez.lose) == (won_kind, lost_kind)
        assert ez.push - cl.push == won_kind + lost_kind


def test_banking_with_the_push_kind_pushes_every_bet() -> None:
    adv = advise(OWN_KIND, "house", True, 0, EZ, DECK, cache=False)
    assert adv.pushed == adv.total
    assert all((s.win, s.push, s.lose) == (0, adv.total, 0) for s in adv.settings)
    assert all(s.ev == 0 for s in adv.settings)


@pytest.mark.parametrize("banking", [False, True])
def test_monte_carlo_ev_agrees_with_exact_advice_under_push(banking: bool) -> None:
    """Player hand fixed, opponent random from the rest of the deck, EZ rules: the Monte
    Carlo mean net win of each setting lies within four standard errors of the exact EV,
    and so does every outcome's frequency."""
    deck = sorted(set(DECK) | set(parse_cards("Kc Qh Jd 8h 7d 6s 5c 4h 3s")))  # 27 cards
    adv = advise(HAND, "house", banking, 0, EZ, deck, cache=False)
    assert adv.pushed > 0 or banking
    n = 40_000
    for s in (adv.best_setting, adv.settings[-1]):
        w, p, lo = simulate_hand(HAND, s.split, "house", n, seed=8, banking=banking,
                                 rules=EZ, deck=deck)
        mean = (w - lo) / n
        sd = ((w + lo) / n - mean * mean) ** 0.5
        assert abs(mean - float(s.ev)) <= 4 * sd / n**0.5, (s.setting, mean, s.ev)
        for got, exact in ((w, s.win), (p, s.push), (lo, s.lose)):
            prob = exact / adv.total
            assert abs(got / n - prob) <= 4 * (prob * (1 - prob) / n) ** 0.5 + 1e-12


# ----------------------------------------------------------------- Monte Carlo game


@pytest.mark.parametrize("push", ["pai-gow:A", "low:T"])
@pytest.mark.parametrize("banking", [False, True])
def test_simulate_counts_equal_a_round_by_round_reference(banking: bool, push: str) -> None:
    """The rounds ``simulate`` deals, settled one by one with the reference way,
    comparison and kind give the same counts as the kernels: a kind of the banker's seven
    cards (the ace-high pai gow) and a kind of the banker's setting (its two-card hand ten
    high, issue 18), both frequent enough to meet often in a few hundred rounds."""
    rules = PokerRules(push=push)
    n, seed = 400, 77
    res = simulate("house", "house", n, seed, banking, rules, Fraction(0))
    dealt = kern.deal(chunk_stream(seed, 0, 7 * n), np.arange(53, dtype=np.int32), n, 14, 1)
    assert n <= DEFAULT_CHUNK
    way = get_way("house", rules)
    kind = rules.banker_push
    counts = {Outcome.WIN: 0, Outcome.PUSH: 0, Outcome.LOSE: 0}
    by_kind = 0
    for row in dealt.tolist():
        mine, other = row[:7], row[7:]
        a = way.choose(mine, banking).setting
        b = way.choose(other, not banking).setting
        assert not is_foul(a, rules) and not is_foul(b, rules)
        if kind.matches_setting(a if banking else b, rules):  # the banker's hand
            counts[Outcome.PUSH] += 1
            by_kind += 1
            continue
        if banking:  # the tracked hand banks: the other is the player
            o = compare(b, a, rules).outcome
            o = {Outcome.WIN: Outcome.LOSE, Outcome.LOSE: Outcome.WIN}.get(o, o)
        else:
            o = compare(a, b, rules).outcome
        counts[o] += 1
    assert by_kind > 0
    assert (res.win, res.push, res.lose) == (
        counts[Outcome.WIN], counts[Outcome.PUSH], counts[Outcome.LOSE])


def test_simulate_job_keeps_classic_checkpoints_and_names_the_push_rule() -> None:
    from paigow.analysis.poker_sim import SimSpec

    classic = SimSpec("house", "house", PokerRules(), 10, 1).job()
    assert classic["rules"] == ["bug", "second", "house"]
    assert SimSpec("house", "house", EZ, 10, 1).job()["rules"][-1] == "pai-gow:Q"


def test_the_house_way_ignores_the_push_rule_and_shares_its_table() -> None:
    """The push rule changes what a banker's hand does to bets, not how the house way
    sets a hand: both games' house ways are one way (one cached table)."""
    from paigow.analysis.poker_odds import way_for

    assert way_for("house", EZ) is way_for("house", PokerRules())
    hands = np.array(_rich_hands(np.random.default_rng(3), 200), dtype=np.int32)
    assert np.array_equal(fast_way("house", EZ).splits(hands, False),
                          fast_way("house").splits(hands, False))
    assert get_way("optimal", EZ, deck=DECK, cache=False).rules.push == "pai-gow:Q"  # type: ignore[attr-defined]


# ----------------------------------------------------------------- full deck (slow)


@pytest.mark.slow
def test_full_deck_pai_gow_counts_equal_the_published_emperors_challenge_counts() -> None:
    """Over all 154,143,080 hands, the numba classification finds exactly the published
    counts of nine-, ten- and jack-high pai gows (Wizard of Odds, Emperor's Challenge:
    31,080, 248,640 and 963,480; docs/poker-odds.md), and every kind's combinatorial
    count."""
    from paigow.poker.fast import BINOM

    deck = np.arange(53, dtype=np.int64)
    total = comb(53, 7)
    tops = np.zeros(15, np.int64)
    chunk = 1 << 22
    for start in range(0, total, chunk):
        hands = kern.hands_range(deck, start, min(chunk, total - start), BINOM)
        tops += np.bincount(kern.pai_gow_high(hands, PokerRules()), minlength=15)
    assert (int(tops[9]), int(tops[10]), int(tops[11])) == (31_080, 248_640, 963_480)
    assert int(tops[:9].sum()) == int(tops[0])  # nothing below nine high
    # and every kind's count equals the combinatorial count (paigow.poker.paigow_count),
    # which looks at no hand: 2,719,500 queen-high pai gows among them
    from paigow.poker.paigow_count import pai_gow_count

    assert [int(tops[v]) for v in range(9, 15)] == [pai_gow_count(r) for r in "9TJQKA"]
    assert int(tops[12]) == 2_719_500


@pytest.mark.slow
@pytest.mark.parametrize("banking", [False, True])
def test_simulate_ez_table_path_equals_kernel_path(
    banking: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EZ Pai Gow, house way against house way: the path that looks every hand's setting
    up in the one-time table and the path that sets each hand with the kernel give the
    same counts (the push is read from the cards on both)."""
    from paigow.analysis import poker_sim
    from paigow.analysis.poker_odds import opponent_table

    house = fast_way("house")
    opponent_table(house, True)  # built once (about a minute), then cached
    assert poker_sim._shared_table(house, house, EZ) is not None
    kw = {"rounds": 300_000, "seed": 4, "banking": banking, "rules": EZ, "rate": Fraction(0)}
    with_table = simulate(**kw)  # type: ignore[arg-type]
    monkeypatch.setattr(poker_sim, "_shared_table", lambda *a: None)
    kernel = simulate(**kw)  # type: ignore[arg-type]
    assert (with_table.win, with_table.push, with_table.lose) == (
        kernel.win, kernel.push, kernel.lose)


def test_cached_table_by_name_finds_the_table_advise_uses_under_a_push_rule(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint asks whether the one-time table is there before advising: by name it finds
    the table advise would use, the classic game's, under EZ rules too."""
    from pathlib import Path

    from paigow.analysis import poker_odds

    monkeypatch.setattr(poker_odds, "_TABLES", {})
    monkeypatch.setattr(poker_odds, "cache_dir", lambda: Path(str(tmp_path)))
    assert poker_odds.cached_table("house", EZ) is None
    key = poker_odds.table_key(poker_odds.way_for("house", EZ), True, EZ, poker_odds.FULL_DECK)
    path = poker_odds.table_path(Path(str(tmp_path)), poker_odds.way_for("house", EZ), key)
    small = poker_odds.opponent_table(poker_odds.way_for("house", EZ), True, EZ,
                                      parse_cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 2c 2d 2h 2s"),
                                      cache=False)
    small.save(path)  # any table file stands in for the full deck's here
    assert poker_odds.cached_table("house", EZ) is not None
    assert poker_odds.cached_table("house", PokerRules()) is not None  # the same table


def test_the_house_kernel_is_one_way_per_ranking_variant() -> None:
    """The house way's kernel reads only the ranking rules (joker, wheel): built under any
    foul or push rule it is the same way, with the same fingerprint, so every caller
    (advice, the trainer, a hint) finds the one cached table."""
    base = fast_way("house", PokerRules(wheel="lowest"))
    for other in (PokerRules(wheel="lowest", foul="forfeit"),
                  PokerRules(wheel="lowest", push="pai-gow:Q")):
        assert fast_way("house", other) is base
    assert fast_way("house", PokerRules(joker="wild")).fingerprint() != base.fingerprint()
