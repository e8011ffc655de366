"""Names that look alike: the key under which two people's names may not meet.

A name is unique case and spacing aside (:func:`paigow.store.players.name_key`); that let
``Аlice`` (a Cyrillic А), ``Ａlice`` (full-width) or ``Alicé`` be new people while
``Alice`` exists, a second Alice at the same table. :func:`looks` is what a name looks
like, and a new person one of whose looks is someone's is refused:

1. NFKC (compatibility forms: full-width, ligatures, superscripts become plain letters);
2. the generic accents dropped (the combining marks of the *Combining Diacritical Marks*
   blocks, after NFD: ``é`` reads as ``e``); the marks proper to a script (Devanagari
   vowel signs, Arabic harakat, Hebrew points) are kept, since there they make another
   name, not a decorated one;
3. Unicode's confusable **skeleton** (UTS #39, section 4: NFD, every character replaced
   by its prototype, NFD again), taken two ways, since names are also equal case aside:
   as typed, then case aside, then again (Cyrillic ``ВОВ`` reads as ``BOB``, so as
   ``bob``), and case aside first (``ALICE`` is ``alice``, which a Cyrillic ``Аlice``
   looks like);
4. spacing aside.

The prototypes come from Unicode's ``confusables.txt`` as the ``confusable-homoglyphs``
package ships it (as pairs, each way: a character and its prototype, some letters
composed). Every sequence is taken in NFD; a sequence and everything confusable with it
form one class, and each class is written as one member of it (the one most others are
confusable with, then the shortest, then the smallest), which gives the same classes as
the standard's skeleton.

>>> looks("Аlice") == looks("Ａlice") == looks("Alicé") == looks("alice")
True
>>> set(looks("ALICE")) & set(looks("Аlice")), set(looks("ВОВ")) & set(looks("Bob"))
({'alice'}, {'bob'})
>>> set(looks("Alice")) & set(looks("Alina"))
set()
"""

from __future__ import annotations

import unicodedata
from functools import cache

_LRM = "\u200e"  # the package wraps right-to-left characters in left-to-right marks
_DIACRITICS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF),
               (0xFE20, 0xFE2F))


@cache
def prototypes() -> dict[str, str]:
    """Each confusable sequence (in NFD) and the prototype written for its class (a
    prototype maps to itself)."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def nfd(text: str) -> str:
        return unicodedata.normalize("NFD", text.replace(_LRM, ""))

    neighbours: dict[str, int] = {}
    for key, found in confusables_data.items():
        a = nfd(key)
        neighbours[a] = neighbours.get(a, 0) + len(found)
        for entry in found:
            b = nfd(str(entry["c"]))
            if a and b:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[ra] = rb
    classes: dict[str, list[str]] = {}
    for member in list(parent):
        classes.setdefault(find(member), []).append(member)
    table: dict[str, str] = {}
    for members in classes.values():
        best = min(members, key=lambda m: (-neighbours.get(m, 0), len(m), m))
        for m in members:
            table[m] = best
    return table


@cache
def _longest() -> int:
    return max(len(k) for k in prototypes())


def skeleton(text: str) -> str:
    """UTS #39's skeleton: in the text's NFD, each confusable sequence (the longest that
    starts at each place) replaced by its class's prototype, then NFD again; repeated
    until it holds (a prototype may hold marks that have prototypes of their own)."""
    table, longest = prototypes(), _longest()
    text = unicodedata.normalize("NFD", text)
    for _ in range(4):
        out: list[str] = []
        i = 0
        while i < len(text):
            for n in range(min(longest, len(text) - i), 0, -1):
                found = table.get(text[i:i + n])
                if found is not None:
                    out.append(found)
                    i += n
                    break
            else:
                out.append(text[i])
                i += 1
        done = unicodedata.normalize("NFD", "".join(out))
        if done == text:
            break
        text = done
    return text


def _generic_mark(c: str) -> bool:
    n = ord(c)
    return any(lo <= n <= hi for lo, hi in _DIACRITICS)


def looks(name: str) -> tuple[str, ...]:
    """What ``name`` looks like (see the module), one or two keys: two names a reader
    would take for one another share one."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    text = "".join(c for c in text if not _generic_mark(c))
    typed = skeleton(skeleton(text).casefold())
    folded = skeleton(text.casefold())
    return tuple(dict.fromkeys(" ".join(t.split()) for t in (typed, folded)))


__all__ = ["looks", "prototypes", "skeleton"]
