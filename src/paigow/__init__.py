"""paigow: exact rules engines, hand-setting ways and odds for the Pai Gow family of games.

The pure core knows the games (``paigow.tiles``, ``paigow.poker``, ``paigow.settle``);
thin shells around it talk to terminals, browsers and databases.
"""

from paigow.errors import PaigowError

__all__ = ["PaigowError", "__version__"]
__version__ = "0.1.0"
