"""Build a table from plain options (what the command line and the browser pass in).

Ways are looked up by name, in either game, through :func:`paigow.ways.get_way`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from paigow.errors import AmountError, PaigowError, RuleError
from paigow.poker.kinds import parse_push
from paigow.poker.rules import PokerRules
from paigow.settle import Commission
from paigow.table.bank import BankDecision
from paigow.table.engine import BetLimits, Player, Seat, Store, Table
from paigow.table.game import Game
from paigow.table.house_rules import (
    DRAGON_LIMITS,
    DRAGON_SETTERS,
    DragonLimit,
    DragonRule,
    DragonSetter,
    HouseRules,
    side_bet_offer,
)
from paigow.table.money import format_money
from paigow.table.players import BANK_POLICIES, Bot, WagerBot
from paigow.tiles.rules import TileRules
from paigow.tiles.ways import TileWay

GAMES = ("tiles", "poker")
DEFAULT_COMMISSION = Commission()


def tile_way(name: str, rules: TileRules, commission: Fraction) -> TileWay:
    """The tile way called ``name`` (a clear error if it is unknown or not built yet)."""
    from paigow.ways import get_way

    try:
        return get_way(name, rules, commission=commission)
    except ImportError as exc:
        raise RuleError(f"the tile way {name!r} is not available in this build ({exc})") from None


def poker_way(name: str, rules: PokerRules) -> Any:
    """The poker way called ``name`` (:func:`paigow.ways.get_way`)."""
    from paigow.ways import get_way

    return get_way(name, rules)


@dataclass(frozen=True)
class TableOptions:
    """Everything a session needs, in minor units and plain values.

    The games casinos deal today (poker): ``push`` is the kind of banker hand that pushes
    every bet (``"pai-gow:Q"``: EZ Pai Gow; with ``commission`` at 0 that is the
    commission-free game); ``side_bets`` the pay tables offered as side bets (shipped
    names or TOML files; each bet from ``side_min`` to ``side_max`` cents); ``dragon``
    ``"off"``, or who sets a bought dragon hand (``"house"`` or ``"player"``), its bet
    limited by ``dragon_limit``. Bots make the side bets ``bot_side`` (name, cents) and
    ask for the dragon hand with ``bot_dragon`` cents (0: never). ``player_bank``:
    whether a player may take the bank (``False``: the house banks every round, as in
    Commission-Free Fortune Pai Gow).
    """

    game: str = "tiles"
    seats: int = 4
    bankroll: int = 100_000
    bet: int = 1_000
    commission: Commission = DEFAULT_COMMISSION
    house_way: str = "australian"
    bot_ways: tuple[str, ...] = ("australian",)
    bot_bank: str = "mixed"
    gee_joon_tiebreak: str = "ranked"
    joker: str = "bug"
    wheel: str = "second"
    foul: str = "house"
    push: str = "none"
    seed: int | None = None
    min_bet: int = 1
    max_bet: int | None = None
    side_bets: tuple[str, ...] = ()
    side_min: int = 100
    side_max: int = 10_000
    dragon: str = "off"
    dragon_limit: str = "up-to-main"
    bot_side: tuple[tuple[str, int], ...] = ()
    bot_dragon: int = 0
    player_bank: bool = True

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise RuleError(f"unknown game {self.game!r}: choose tiles or poker")
        if parse_push(self.push).active and self.game != "poker":
            raise RuleError(f"the push rule {self.push!r} names a poker hand: poker only")
        if self.side_bets and self.game != "poker":
            raise RuleError("side bets read seven cards: they are offered at the poker table only")
        if self.dragon not in ("off", *DRAGON_SETTERS):
            raise RuleError(f"unknown dragon rule {self.dragon!r}: choose off, house or player")
        if self.dragon_limit not in DRAGON_LIMITS:
            raise RuleError(f"unknown dragon bet limit {self.dragon_limit!r}: choose "
                            + ", ".join(DRAGON_LIMITS))
        if self.bot_dragon < 0:
            raise AmountError("the bots' dragon bet must not be negative")
        if self.bot_dragon and self.dragon == "off":
            raise RuleError("the bots cannot ask for the dragon hand: it is not offered")
        if self.bot_bank not in (*BANK_POLICIES, "mixed"):
            raise RuleError(
                f"unknown bank policy {self.bot_bank!r}: choose take, cobank, refuse or mixed"
            )
        limit = 7 if self.game == "tiles" else 6
        if not 1 <= self.seats <= limit:
            raise PaigowError(f"a {self.game} table seats 1 to {limit} players, not {self.seats}")
        if self.bankroll <= 0:
            raise PaigowError("the bankroll must be more than zero")
        if self.bet <= 0:
            raise PaigowError("the bots' bet must be more than zero")
        fee = self.commission.flat_fee
        if fee >= self.bankroll:
            raise PaigowError(
                f"a flat fee of {format_money(fee)} leaves nothing to bet from a bankroll of "
                f"{format_money(self.bankroll)}: nobody could play"
            )
        limits = self.limits  # checks min <= max
        if self.bankroll < limits.minimum:
            raise PaigowError(f"a bankroll of {format_money(self.bankroll)} cannot cover the "
                              f"minimum bet {format_money(limits.minimum)}")
        if self.bet < limits.minimum or (limits.maximum is not None and self.bet > limits.maximum):
            raise PaigowError(f"the bots' bet {format_money(self.bet)} is outside the table's "
                              f"limits: {limits.describe()}")
        if self.bet + fee > self.bankroll:
            extra = f" plus the {format_money(fee)} fee" if fee else ""
            raise PaigowError(
                f"a bet of {format_money(self.bet)}{extra} is more than the bankroll of "
                f"{format_money(self.bankroll)}: nobody could make it"
            )

    @property
    def limits(self) -> BetLimits:
        """The table's minimum and maximum bet."""
        return BetLimits(self.min_bet, self.max_bet)

    @property
    def poker_rules(self) -> PokerRules:
        """The poker rule variants named by the options (checked)."""
        return PokerRules.of(self.joker, self.wheel, self.foul, self.push)

    @property
    def title(self) -> str:
        """The game by its rules, as the table and the lobby name it (:func:`game_title`)."""
        return game_title(self)


def game_title(opts: TableOptions) -> str:
    """The name of the game a table of ``opts`` deals, read from its rules (so a table
    opened with the rules spelled out is named as the preset that makes them):

    * ``Commission-Free Pai Gow Poker``: no commission, no player banking, the banker's
      nine-high two-card hand pushes every bet (the game Golden Nugget dealt in 2013 as
      Commission-Free Fortune Pai Gow Poker; Fortune is its maker's bonus bet);
    * ``EZ Pai Gow``: no commission, the banker's queen-high pai gow pushes every bet;
    * otherwise ``Pai Gow Poker`` or ``Pai Gow tiles`` (the other rules are listed beside).

    >>> game_title(TableOptions(game="poker", house_way="house", push="low:9",
    ...            commission=Commission(rate=Fraction(0)), player_bank=False))
    'Commission-Free Pai Gow Poker'
    >>> game_title(TableOptions(game="poker", house_way="house", push="low:9"))
    'Pai Gow Poker'
    """
    if opts.game == "tiles":
        return "Pai Gow tiles"
    free = opts.commission.rate == 0 and opts.commission.flat_fee == 0
    push = parse_push(opts.push).spec
    if free and push == "low:9" and not opts.player_bank:
        return "Commission-Free Pai Gow Poker"
    if free and push == "pai-gow:Q":
        return "EZ Pai Gow"
    return "Pai Gow Poker"


def make_game(opts: TableOptions) -> tuple[Game[Any, Any], list[Any]]:
    """The game (with its house way) and one chooser per bot way name."""
    if opts.game == "tiles":
        from paigow.table.tiles_game import TilesGame, WayChooser

        if opts.gee_joon_tiebreak not in ("ranked", "no_value"):
            raise RuleError(
                f"unknown gee_joon_tiebreak {opts.gee_joon_tiebreak!r}: choose ranked or no_value"
            )
        trules = TileRules(opts.gee_joon_tiebreak)  # type: ignore[arg-type]
        house = tile_way(opts.house_way, trules, opts.commission.rate)
        bots = [WayChooser(tile_way(n, trules, opts.commission.rate)) for n in opts.bot_ways]
        return TilesGame(house, trules), bots
    from paigow.table.poker_game import PokerGame, StrategyChooser

    prules = opts.poker_rules
    phouse = poker_way(opts.house_way, prules)
    pbots = [StrategyChooser(poker_way(n, prules), n) for n in opts.bot_ways]
    return PokerGame(phouse, prules), pbots


def house_rules(opts: TableOptions) -> HouseRules:
    """The side bets offered and the dragon rule of a table (pay tables loaded)."""
    offers = tuple(side_bet_offer(name, opts.side_min, opts.side_max) for name in opts.side_bets)
    dragon = None
    if opts.dragon != "off":
        dragon = DragonRule(cast(DragonSetter, opts.dragon), cast(DragonLimit, opts.dragon_limit))
    rules = HouseRules(offers, dragon, opts.player_bank)
    for name, amount in opts.bot_side:
        rules.offer(name).check(amount)
    return rules


@dataclass(frozen=True)
class Prepared:
    """What a table of some options is built from, made (and so checked) before anything
    is written: the game with its house way, one chooser per bot way, the side bets and the
    dragon rule."""

    game: Game[Any, Any]
    bots: list[Any]
    house: HouseRules


def prepare(opts: TableOptions) -> Prepared:
    """Everything a table of ``opts`` is built from; every error a table would raise when
    it opens (an unknown way, a variant, a pay table, crossed side-bet limits) is raised
    here, so a command checks all its tables before it opens a ledger or writes a line."""
    game, bots = make_game(opts)
    return Prepared(game, bots, house_rules(opts))


def bot_policy(opts: TableOptions, seat: int) -> BankDecision:
    """The bank policy of the bot at ``seat`` (``mixed`` cycles take, cobank, refuse)."""
    if opts.bot_bank == "mixed":
        return BANK_POLICIES[(seat - 1) % 3]
    policy: BankDecision = opts.bot_bank  # type: ignore[assignment]
    return policy


def build_table(
    opts: TableOptions,
    store: Store,
    chance: Any,
    human: Player[Any, Any] | None = None,
    human_seat: int = 1,
    prepared: Prepared | None = None,
) -> Table[Any, Any]:
    """A table of ``opts.seats`` seats: ``human`` at ``human_seat`` (if given), bots at the
    others cycling through the bot ways; built from ``prepared`` (:func:`prepare`)."""
    p = prepared or prepare(opts)
    game, bots, house = p.game, p.bots, p.house
    seats: list[Seat[Any, Any]] = []
    k = 0
    for n in range(1, opts.seats + 1):
        if human is not None and n == human_seat:
            seats.append(Seat(n, "you", "person", opts.bankroll, human, owner="you"))
            continue
        chooser = bots[k % len(bots)]
        k += 1
        bot: Player[Any, Any] = Bot(chooser, opts.bet, bot_policy(opts, n))
        if opts.bot_side or opts.bot_dragon:
            bot = WagerBot(Bot(chooser, opts.bet, bot_policy(opts, n)), dict(opts.bot_side),
                           opts.bot_dragon)
        seats.append(Seat(n, f"bot {n}", chooser.name, opts.bankroll, bot, owner=f"bot{n}"))
    return Table(game, seats, commission=opts.commission, chance=chance, store=store,
                 seed=opts.seed, limits=opts.limits, house=house)
