"""What a learned or printed strategy is, in either game: a :class:`DerivedStrategy` (a way
learned from exact advice, as its way file's text) and a :class:`StrategyCard` (a way
file's printable card). :func:`paigow.tiles.derive_strategy` and
:func:`paigow.poker.derive_strategy` return the one, :func:`paigow.tiles.way_card` and
:func:`paigow.poker.way_card` the other.

>>> card = StrategyCard("tiles", "mine.toml", "<svg/>")
>>> card._repr_svg_()
'<svg/>'
>>> card.write("mine.png")
Traceback (most recent call last):
...
paigow.errors.AmountError: 'mine.png': the card is written as .svg or .pdf
"""

from __future__ import annotations

from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import Any, Literal

from paigow.errors import AmountError, RuleError

Game = Literal["tiles", "poker"]
"""Which game a strategy plays."""


def svg_to_pdf(svg: str, what: str = "a PDF card") -> bytes:
    """A one-page PDF of an SVG drawing (CairoSVG draws it with cairo).

    Raises:
        MissingExtraError: without the ``pdf`` extra (``pip install 'paigow[pdf]'``).
        RuleError: the cairo library is missing.
    """
    from paigow.extras import require

    require("pdf", what)
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library is missing
        raise RuleError(
            f"{what} needs the cairo library (on Debian apt-get install libcairo2): "
            f"{exc}; the SVG card needs neither"
        ) from None
    pdf: bytes = cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))
    return pdf


@dataclass(frozen=True)
class StrategyCard:
    """A printable strategy card of a way file: the ``game``, the ``way`` it was drawn
    for, and its drawing (``svg``; a notebook shows it). :meth:`pdf` is the same drawing
    as a PDF page (the ``pdf`` extra); :meth:`write` saves either."""

    game: Game
    way: str
    svg: str = field(repr=False)

    def _repr_svg_(self) -> str:
        return self.svg

    def pdf(self) -> bytes:
        """The card as a one-page PDF.

        Raises:
            MissingExtraError: without the ``pdf`` extra (``pip install 'paigow[pdf]'``).
            RuleError: the cairo library is missing.
        """
        return svg_to_pdf(self.svg)

    def write(self, path: str | PathLike[str]) -> Path:
        """Write the card as ``.svg`` or ``.pdf``, by the file's extension.

        Raises:
            AmountError: another extension.
            MissingExtraError: a ``.pdf`` without the ``pdf`` extra.
        """
        out = Path(path)
        suffix = out.suffix.lower()
        if suffix == ".svg":
            out.write_text(self.svg, encoding="utf-8")
        elif suffix == ".pdf":
            out.write_bytes(self.pdf())
        else:
            raise AmountError(f"{str(path)!r}: the card is written as .svg or .pdf")
        return out


@dataclass(frozen=True)
class DerivedStrategy:
    """A way learned from exact advice (:func:`paigow.tiles.derive_strategy`,
    :func:`paigow.poker.derive_strategy`): its way file's ``text`` (write it and load it
    like any way file), its rules in words (``rule_words``), the way that sets every hand
    they do not (``otherwise``; None when they set every hand), the ``share`` of optimal's
    gain over the ``dealer`` way it takes (exact over every hand of tiles; measured on an
    independent sample of poker hands, None when that was skipped), the learner's own
    result (``derived``, ``evaluation``) and the ``report`` the command prints with
    ``--json``."""

    game: Game
    dealer: str
    text: str = field(repr=False)
    rule_words: tuple[str, ...]
    otherwise: str | None
    share: float | None
    report: dict[str, Any] = field(repr=False)
    derived: Any = field(repr=False)
    evaluation: Any = field(default=None, repr=False)

    def write(self, path: str | PathLike[str]) -> Path:
        """Write the way file; it loads as ``way=path``.

        Raises:
            OSError: the file cannot be written.
        """
        out = Path(path)
        out.write_text(self.text, encoding="utf-8")
        return out

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        """The report ``paigow tiles|poker derive-strategy --json`` prints."""
        return dict(self.report)

    def _repr_html_(self) -> str:
        from paigow.notebook import table_html

        rows: list[tuple[object, str]] = list(enumerate(self.rule_words, start=1))
        if self.otherwise is not None:
            rows.append(("otherwise", f"as the {self.otherwise} way sets it"))
        title = f"derived against the {self.dealer} way: {len(rows)} rules"
        if self.share is not None:
            title += f"; it takes {self.share:.0%} of optimal's gain"
        return table_html(rows, head=("", "rule"), title=title)


__all__ = ["DerivedStrategy", "Game", "StrategyCard", "svg_to_pdf"]
