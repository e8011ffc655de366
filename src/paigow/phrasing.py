"""A mark for the phrases the engine makes, so that the browser can say them in Chinese.

The engine speaks English: a hand's name ("pair of Teen"), a comparison's reason ("tie at
7 points: ..."). Each such phrase is written as a template, ``N_("pair of {pair}")``,
filled with ``.format``: the text is the same English as ever, and the template is found
by the catalog's extraction (``python scripts/i18n.py extract``), translated once in the
catalogs of :mod:`paigow.web.i18n`, which reads any phrase made from it back into Chinese.
The core imports nothing for it: ``N_`` returns its argument.

>>> N_("pair of {pair}").format(pair="Teen")
'pair of Teen'
"""


def N_(template: str) -> str:  # gettext's name for "mark for the catalog"
    """``template`` as it is: a mark for the catalog's extraction."""
    return template
