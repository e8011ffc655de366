"""``paigow poker`` odds commands: advise, simulate, sweep (``sidebet``: :mod:`paigow.cli.poker_sidebets`).

:func:`register` adds them to the poker Typer app. Every command reports bad input as
one line on stderr with exit status 2; long work shows a progress bar on stderr and stops
cleanly on Ctrl-C (exit 130; a ``--checkpoint`` keeps the finished chunks).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from paigow.cli.common import (
    JSON_OPTION,
    Choice,
    Int,
    OutputFile,
    Rate,
    Token,
    argument,
    console,
    deprecated_option,
    err_console,
    option,
    poker_way_names,
    prefer,
    print_json,
    run_command,
)
from paigow.errors import AmountError, CardError, RuleError
from paigow.poker.cards import format_cards, parse_cards
from paigow.poker.rules import PokerRules
from paigow.settle import parse_rate

T = TypeVar("T")

JOKER_OPTION = option("--joker", parser=Choice("--joker", "bug", "wild"), help="Joker rule: bug (default) or wild.")
WHEEL_OPTION = option("--wheel", parser=Choice("--wheel", "second", "lowest"), help="Wheel A-2-3-4-5: second (default) or lowest.")
FOUL_OPTION = option("--foul", parser=Choice("--foul", "house", "forfeit"), help="Foul rule: house (default) or forfeit.")
COMMISSION_OPTION = option(
    "--commission", parser=Rate("--commission"),
    help="Commission on a win: 0.05 (default; 0 with --ez), 5% or 1/20; 0 for none.",
)


class Kind(Token):
    """A kind of banker hand (:func:`paigow.poker.kinds.parse_push`): ``none``,
    ``pai-gow:R`` or ``low:R``."""

    metavar = "KIND"

    def parse(self, text: str) -> str:
        from paigow.poker.kinds import parse_push

        return parse_push(super().parse(text)).spec


PUSH_OPTION = option(
    "--push", parser=Kind("--push"),
    help="A banker's hand of this kind pushes every bet: none (default); pai-gow:R, seven "
    "cards that make no pair, straight or flush, R high (R one of 9 T J Q K A); or low:R, "
    "the banker's two-card hand as its way sets it is R high without a pair (low:9).",
)
EZ_OPTION = typer.Option(
    "--ez", help="EZ Pai Gow, the commission-free game: --push pai-gow:Q --commission 0."
)
CF_OPTION = typer.Option(
    "--commission-free", help="Commission-Free Pai Gow Poker (Golden Nugget's Commission-Free "
    "Fortune Pai Gow): --push low:9 --commission 0.",
)
BANKING_OPTION = typer.Option(
    "--banking", help="The hand banks: it wins copies and faces a house-way player."
)
DEALER_WAY_OPTION = option(
    "--dealer", parser=Token("--dealer", metavar="WAY", complete=poker_way_names),
    help="The opponent's way: house (default), a shipped way file or a .toml path.",
)
OLD_WAY_OPTION = deprecated_option("--way", "--dealer", Token("--way"))
"""``advise --way`` and ``sweep --way`` named the opponent's way until 1.0; ``--way`` is a
hand's own way everywhere else (``poker set --way``), so the opponent's is ``--dealer``."""
DECK_OPTION = option(
    "--deck", parser=Token("--deck", metavar="CARDS"),
    help="Play with these cards only (a small exact problem; default all 53).",
)
SCHEDULER_OPTION = option(
    "--scheduler", parser=Token("--scheduler", metavar="ADDRESS"),
    help="Run the chunks on the Dask cluster at this scheduler address.",
)
CHECKPOINT_OPTION = option(
    "--checkpoint", parser=OutputFile("--checkpoint"),
    help="JSON file of finished chunks: resume from it, keep it up to date.",
)

MAX_SIM_ROUNDS = 10**13
"""``simulate --rounds`` at most (about a year of this machine's throughput; the chunk
list stays small)."""
MAX_SIM_SEED = 2**128 - 1
"""Simulation seeds are 128-bit (:func:`paigow.analysis.poker_sim.new_seed`)."""
MAX_SAMPLE = 10**7
MAX_CHUNK = 10**6
MAX_WORKERS = 4096


def _deck(text: str) -> tuple[int, ...] | None:
    if not text.strip():
        return None
    cards = parse_cards(text)
    if len(cards) < 14:
        raise CardError(f"a deck for two seven-card hands needs 14 cards, got {len(cards)}")
    return cards


@contextmanager
def _progress(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr, started at the first report (a command whose tables are
    all cached draws nothing and imports nothing for it)."""
    from paigow.analysis import ProgressBar

    bar = ProgressBar(label, err_console)
    try:
        yield bar
    finally:
        bar.stop()


def _interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C: a ``KeyboardInterrupt``, or the ``SystemError`` numba
    raises when one arrives while it unpickles a compiled function (the interrupt is its
    cause)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _interruptible(body: Callable[[], T], what: str, checkpoint: str = "") -> T:
    try:
        return body()
    except (KeyboardInterrupt, SystemError) as exc:
        if not _interrupted(exc):
            raise
        kept = f"; finished chunks are kept in {checkpoint}" if checkpoint else ""
        err_console.print(f"{what} interrupted{kept}", highlight=False)
        raise typer.Exit(code=130) from None


@contextmanager
def _executor(scheduler: str) -> Iterator[Executor | None]:
    if not scheduler.strip():
        yield None
        return
    from paigow.extras import require

    require("cluster", "--scheduler")
    from dask.distributed import Client

    try:
        client = Client(scheduler.strip(), timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TimeoutError) as exc:
        raise RuleError(f"cannot reach the Dask scheduler {scheduler.strip()!r}: {exc}") from None
    try:
        yield client.get_executor()  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]


def _pct(x: Fraction | float) -> str:
    return f"{float(x):+.4%}"


PRESETS = {"--ez": "pai-gow:Q", "--commission-free": "low:9"}
"""The commission-free games' presets: the push rule each means, with commission 0."""


def _game(
    push: str | None, commission: str | None, ez: bool, cf: bool = False
) -> tuple[str, Fraction]:
    """The push rule and commission rate of the game: the options, or the ``--ez`` or
    ``--commission-free`` preset (each refuses to be mixed with the options it sets, or
    with the other, rather than guess which one wins)."""
    given = [flag for flag, on in (("--ez", ez), ("--commission-free", cf)) if on]
    if len(given) > 1:
        raise RuleError("--ez and --commission-free are two different games: give one")
    if given:
        flag = given[0]
        if push is not None or commission is not None:
            raise RuleError(f"{flag} already means --push {PRESETS[flag]} --commission 0: "
                            f"give {flag} alone, or --push and --commission instead")
        return PRESETS[flag], Fraction(0)
    return push or "none", parse_rate(commission or "0.05")


def _game_label(rules: PokerRules, rate: Fraction) -> str:
    """The game in words: commission, and the push rule when there is one."""
    text = f"commission {float(rate):.2%}"
    if rules.push != "none":
        text += f", a banker's {rules.banker_push.label} pushes every bet"
    return text


def register(app: typer.Typer) -> None:
    """Add the odds commands (advise, simulate, sweep) to the poker app."""

    @app.command()
    def advise(
        cards: Annotated[list[str], argument(parser=Token("CARDS"), help="The seven cards, e.g. As Kd Qh Jc 9s 8d Jk.")],
        banking: Annotated[bool, BANKING_OPTION] = False,
        commission: Annotated[str | None, COMMISSION_OPTION] = None,
        push: Annotated[str | None, PUSH_OPTION] = None,
        ez: Annotated[bool, EZ_OPTION] = False,
        commission_free: Annotated[bool, CF_OPTION] = False,
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        deck: Annotated[str, DECK_OPTION] = "",
        dealer: Annotated[str, DEALER_WAY_OPTION] = "house",
        old_way: Annotated[str | None, OLD_WAY_OPTION] = None,
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Exact win/push/lose of every legal setting against every opponent hand
        (53,524,680 of them), the opponent set by the house way; the best setting and
        the house way's marked. The first run builds a cached table (about a minute).

        Example: paigow poker advise As Ad Kc Qh 9s 8s Jk
        """
        from rich.table import Table

        from paigow.analysis.poker_odds import advise as run_advise

        way = prefer(dealer, old_way, "--way", "--dealer")

        def body() -> None:
            kind, rate = _game(push, commission, ez, commission_free)
            rules = PokerRules.of(joker, wheel, push=kind)
            hand = parse_cards(cards)
            if len(hand) != 7:
                raise CardError(f"a Pai Gow Poker hand has seven cards, got {len(hand)}")
            with _progress("building the one-time table") as update:
                adv = _interruptible(
                    lambda: run_advise(hand, way, banking, rate, rules, _deck(deck),
                                       on_progress=update),
                    "advise",
                )
            if json:
                print_json(adv.to_json())
                return
            role = "bank, against a house-way player" if banking else \
                "player, against a house-way banker"
            out = Table(title=f"{format_cards(adv.cards)} as {role}: "
                        f"{adv.total:,} opponent hands, {_game_label(rules, rate)}")
            for col in ("setting", "win", "push", "lose", "EV", ""):
                out.add_column(col, justify="left" if col in ("setting", "") else "right")
            for s in sorted(adv.settings, key=lambda s: -s.ev):
                mark = " ".join(x for x, on in (("BEST", s.best), ("HOUSE", s.house),
                                                ("PUSHES", s.pushes_all)) if on)
                out.add_row(str(s.setting), f"{s.win:,}", f"{s.push:,}", f"{s.lose:,}",
                            f"{float(s.ev):+.6f}", mark)
            console.print(out)
            label = rules.banker_push.label
            on_setting = rules.banker_push.on == "setting"
            if on_setting and banking:
                console.print(f"the bank's settings marked PUSHES play a {label}: with "
                              "them every bet pushes", highlight=False)
            elif on_setting:
                console.print(f"{adv.pushed:,} banker hands are set with a {label} by the "
                              f"{way} way: every bet on them pushes (counted in the push "
                              "column)", highlight=False)
            elif rules.push != "none" and banking:
                console.print(f"the bank's hand is {'' if adv.pushed else 'not '}a {label}: "
                              f"{'every bet pushes' if adv.pushed else 'no bet pushes by it'}",
                              highlight=False)
            elif rules.push != "none":
                console.print(f"{adv.pushed:,} banker hands are a {label}: every bet on "
                              "them pushes (counted in the push column)", highlight=False)

        run_command(body)

    @app.command()
    def simulate(
        player: Annotated[str, option("--player", parser=Token("--player", metavar="WAY", complete=poker_way_names), help="The tracked hand's way.")] = "house",
        dealer: Annotated[str, option("--dealer", parser=Token("--dealer", metavar="WAY", complete=poker_way_names), help="The opponent's way.")] = "house",
        rounds: Annotated[int, option("--rounds", parser=Int("--rounds", 1, MAX_SIM_ROUNDS), help="Rounds to play.")] = 1_000_000,
        seed: Annotated[int | None, option("--seed", parser=Int("--seed", 0, MAX_SIM_SEED), help="Seed (default: a fresh secure one).")] = None,
        banking: Annotated[bool, BANKING_OPTION] = False,
        workers: Annotated[int, option("--workers", parser=Int("--workers", 0, MAX_WORKERS), help="Local threads (default: all cores).")] = 0,
        commission: Annotated[str | None, COMMISSION_OPTION] = None,
        push: Annotated[str | None, PUSH_OPTION] = None,
        ez: Annotated[bool, EZ_OPTION] = False,
        commission_free: Annotated[bool, CF_OPTION] = False,
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        foul: Annotated[str, FOUL_OPTION] = "house",
        scheduler: Annotated[str, SCHEDULER_OPTION] = "",
        checkpoint: Annotated[str | None, CHECKPOINT_OPTION] = None,
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Monte Carlo: win/push/lose frequencies and the edge with a 95% interval.

        Example: paigow poker simulate --player house --dealer house --rounds 2000000 --seed 1
        """
        import numba

        from paigow.analysis.poker_sim import simulate as run_sim

        def body() -> None:
            kind, rate = _game(push, commission, ez, commission_free)
            rules = PokerRules.of(joker, wheel, foul, kind)
            n, s, w = rounds, seed, workers
            if w:
                numba.set_num_threads(min(w, getattr(numba.config, "NUMBA_NUM_THREADS", 1)))
            ck = Path(checkpoint) if checkpoint else None
            with _executor(scheduler) as ex, _progress("simulate") as update:
                res = _interruptible(
                    lambda: run_sim(player, dealer, n, s, banking, rules, rate, ex, ck, update),
                    "simulation", checkpoint or "",
                )
            if json:
                print_json(res.to_json())
                return
            lo, hi = res.ci95
            total = res.rounds
            console.print(
                f"{player} {'banking against' if banking else 'against'} {dealer}, "
                f"{total:,} rounds (seed {res.spec.seed}), {_game_label(rules, rate)}\n"
                f"  win {res.win:,} ({res.win / total:.4%})  push {res.push:,} "
                f"({res.push / total:.4%})  lose {res.lose:,} ({res.lose / total:.4%})\n"
                f"  house edge {res.edge:+.4%}  (95% interval {lo:+.4%} to {hi:+.4%})",
                highlight=False,
            )

        run_command(body)

    @app.command()
    def sweep(
        sample: Annotated[int | None, option("--sample", parser=Int("--sample", 1, MAX_SAMPLE), help="Advise this many random hands.")] = None,
        all_suit_classes: Annotated[
            bool, typer.Option("--all-suit-classes", help="Advise one hand of every suit class.")
        ] = False,
        seed: Annotated[int | None, option("--seed", parser=Int("--seed", 0, MAX_SIM_SEED), help="Seed of the sample.")] = None,
        banking: Annotated[bool, BANKING_OPTION] = False,
        commission: Annotated[str | None, COMMISSION_OPTION] = None,
        push: Annotated[str | None, PUSH_OPTION] = None,
        ez: Annotated[bool, EZ_OPTION] = False,
        commission_free: Annotated[bool, CF_OPTION] = False,
        joker: Annotated[str, JOKER_OPTION] = "bug",
        wheel: Annotated[str, WHEEL_OPTION] = "second",
        deck: Annotated[str, DECK_OPTION] = "",
        chunk: Annotated[int, option("--chunk", parser=Int("--chunk", 1, MAX_CHUNK), help="Hands per chunk.")] = 16,
        dealer: Annotated[str, DEALER_WAY_OPTION] = "house",
        old_way: Annotated[str | None, OLD_WAY_OPTION] = None,
        player: Annotated[str, option("--player", parser=Token("--player", metavar="WAY", complete=poker_way_names), help="Also score this way (a way file, e.g. one derive-strategy wrote) on the same hands.")] = "",
        scheduler: Annotated[str, SCHEDULER_OPTION] = "",
        checkpoint: Annotated[str | None, CHECKPOINT_OPTION] = None,
        json: Annotated[bool, JSON_OPTION] = False,
    ) -> None:
        """Exact advice for many hands, aggregated into the edge of the house way and of
        the optimal way against the house way (and of a --player way, with its gain over
        the house way paired hand by hand and the share of optimal's gain it takes).

        Example: paigow poker sweep --sample 200 --seed 1
        """
        from paigow.analysis.poker_sim import new_seed
        from paigow.analysis.poker_sweep import sample_hands, suit_classes
        from paigow.analysis.poker_sweep import sweep as run_sweep

        way = prefer(dealer, old_way, "--way", "--dealer")

        def body() -> None:
            if (sample is not None) == all_suit_classes:
                raise AmountError("give exactly one of --sample N and --all-suit-classes")
            kind, rate = _game(push, commission, ez, commission_free)
            rules = PokerRules.of(joker, wheel, push=kind)
            cards = _deck(deck)
            size = chunk
            players = [player] if player.strip() else []
            ck = Path(checkpoint) if checkpoint else None
            weights: list[int] | None = None
            s: int | None = None
            if all_suit_classes:
                mode = "suit-classes"
                with _progress("suit classes") as update:
                    hands, weights = _interruptible(
                        lambda: suit_classes(cards, update), "sweep")
            else:
                mode = "sample"
                s = seed if seed is not None else new_seed()
                assert sample is not None
                hands = sample_hands(sample, s, cards)
            with _executor(scheduler) as ex, _progress("sweep") as update:
                res = _interruptible(
                    lambda: run_sweep(hands, weights, way, banking, rate, rules, cards,
                                      mode, s, size, ex, ck, update, players=players),
                    "sweep", checkpoint or "",
                )
            if json:
                data: dict[str, Any] = res.to_json()
                data["seed"] = s
                print_json(data)
                return
            console.print(
                f"{res.classes:,} hands advised ({mode}{f', seed {s}' if s is not None else ''}), "
                f"{res.hands:,} hands weighted; {'bank' if banking else 'player'}, "
                f"{_game_label(rules, rate)}",
                highlight=False,
            )
            sampled = mode == "sample"
            for e in (res.house, res.optimal, *(p.edge for p in res.players)):
                extra = ""
                if sampled:
                    lo, hi = e.ci95()
                    extra = f"  (95% interval over the sample {lo:+.4%} to {hi:+.4%})"
                console.print(f"  {e.name:8} house edge {_pct(e.edge)}{extra}", highlight=False)
            extra = ""
            if sampled:
                lo, hi = res.gain_ci95()
                extra = f"  (paired 95% interval {lo:+.4%} to {hi:+.4%})"
            console.print(f"  gain of optimal over house {_pct(res.gain)}{extra}",
                          highlight=False)
            for p in res.players:
                extra = ""
                if sampled:
                    lo, hi = res.player_gain_ci95(p)
                    extra = f"  (paired 95% interval {lo:+.4%} to {hi:+.4%})"
                console.print(f"  gain of {p.edge.name} over house "
                              f"{_pct(res.house.edge - p.edge.edge)}{extra}", highlight=False)
                if res.gain:
                    share = f"  share of optimal's gain {float(res.share(p)):.1%}"
                    if sampled:
                        lo, hi = res.share_ci95(p)
                        share += f" (95% interval {lo:.1%} to {hi:.1%})"
                    console.print(share, highlight=False)

        run_command(body)


__all__ = ["register"]
