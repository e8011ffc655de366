"""Class "the command line" (issue 11): every bad input is refused with one line naming the
bad token, exit status 2, and nothing changed — not the ledger, not the folder.

One table of bad inputs across every command. Placeholders in the arguments:
``{db}`` a ledger of four settled rounds, ``{dir}`` a folder, ``{missing}`` a path under a
folder that does not exist, ``{txt}`` a text file that is no ledger, ``{bin}`` a file
that is not UTF-8, ``{under}`` a path under a regular file, ``{new}`` a ledger that does not exist yet (a
command that opened it before refusing would leave the file behind).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clikit import folder_listing, ledger_digest, runner

from paigow.cli import app

H4 = ["6-6", "4-2", "5-3", "1-1"]
C7 = ["As", "Kd", "Qh", "Jc", "9s", "8d", "Jk"]
BIG = str(10**30)
I64 = str(2**63)

Case = tuple[str, list[str], str]

CASES: list[Case] = [
    # -- look-alike and control characters, anywhere text is read ------------------------
    ("en dash in a tile", ["tiles", "value", "6\u20136", "5-4"], "U+2013 EN DASH"),
    ("em dash in a tile", ["tiles", "value", "6\u20146", "5-4"], "U+2014 EM DASH"),
    ("minus sign in a tile", ["tiles", "value", "6\u22126", "5-4"], "U+2212 MINUS SIGN"),
    ("full-width digit in a tile", ["tiles", "value", "6-6", "\uff15-4"], "FULLWIDTH DIGIT FIVE"),
    ("full-width hyphen", ["tiles", "value", "6\uff0d6", "5-4"], "FULLWIDTH HYPHEN-MINUS"),
    ("non-breaking space", ["tiles", "value", "6-6\u00a05-4"], "NO-BREAK SPACE"),
    ("zero-width space", ["tiles", "value", "6-6\u200b", "5-4"], "ZERO WIDTH SPACE"),
    ("escape sequence", ["tiles", "value", "\x1b[31m6-6", "5-4"], "U+001B"),
    ("tab inside a token", ["tiles", "value", "6-6\t", "5-4"], "U+0009"),
    ("Cyrillic letter in a name", ["tiles", "set", *H4, "--strategy", "austr\u0430lian"],
     "CYRILLIC SMALL LETTER A"),
    ("full-width in compare", ["tiles", "compare", "4-3 2-2", "\uff16-5 5-5"], "FULLWIDTH DIGIT SIX"),
    ("suit symbol for a card", ["poker", "rank", "A\u2660", "Ks", "Qs", "Js", "Ts"], "BLACK SPADE SUIT"),
    ("full-width card rank", ["poker", "rank", "\uff21s", "Ks", "Qs", "Js", "Ts"],
     "FULLWIDTH LATIN CAPITAL LETTER A"),
    ("full-width seats", ["play", "tiles", "--seats", "\uff14"], "FULLWIDTH DIGIT FOUR"),
    ("full-width bet", ["play", "tiles", "--bet", "\uff11\uff10"], "FULLWIDTH DIGIT ONE"),
    ("Arabic-Indic digits", ["play", "tiles", "--bankroll", "\u0661\u0660\u0660"],
     "ARABIC-INDIC DIGIT ONE"),
    ("full-width seed", ["play", "tiles", "--seed", "\uff17"], "FULLWIDTH DIGIT SEVEN"),
    ("full-width round id", ["replay", "\uff11", "--db", "{db}"], "FULLWIDTH DIGIT ONE"),
    ("superscript digit", ["history", "--db", "{db}", "--last", "\u00b2"], "SUPERSCRIPT TWO"),
    ("full-width percent", ["play", "tiles", "--commission", "5\uff05"], "FULLWIDTH PERCENT SIGN"),
    ("non-ASCII joker rule", ["poker", "rank", *C7[:5], "--joker", "w\u00efld"],
     "LATIN SMALL LETTER I WITH DIAERESIS"),
    ("non-ASCII void reason", ["void", "1", "--db", "{db}", "--reason", "caf\u00e9"],
     "LATIN SMALL LETTER E WITH ACUTE"),
    ("full-width rounds", ["poker", "simulate", "--rounds", "\uff11\uff10"], "FULLWIDTH DIGIT ONE"),
    ("full-width port", ["serve", "--port", "\uff18\uff10\uff10\uff10"], "FULLWIDTH DIGIT EIGHT"),
    ("non-ASCII seed hex", ["verify", "1", "--db", "{db}", "--seed", "\u0430" * 64],
     "CYRILLIC SMALL LETTER A"),
    ("overlong token", ["tiles", "value", "6" * 5000, "5-4"], "longer than 4,096 characters"),
    # -- tiles: bad hands -----------------------------------------------------------------
    ("unknown tile", ["tiles", "value", "7-1", "5-4"], "'7-1'"),
    ("one tile for a hand of two", ["tiles", "value", "6-6"], "expected 2 tiles"),
    ("three tiles for a hand of two", ["tiles", "value", "6-6", "5-4", "1-1"], "expected 2 tiles"),
    ("a tile the set has once, twice", ["tiles", "value", "4-2", "4-2"], "'4-2' appears 2 times"),
    ("empty tile token", ["tiles", "value", "", "5-4"], "expected 2 tiles"),
    ("settings of three tiles", ["tiles", "settings", "6-6", "5-4", "1-1"], "expected 4 tiles"),
    ("settings of five tiles", ["tiles", "settings", *H4, "3-3"], "expected 4 tiles"),
    ("settings, a tile three times", ["tiles", "settings", "6-6", "6-6", "6-6", "1-1"],
     "appears 3 times"),
    ("compare, one side missing", ["tiles", "compare", "4-3 2-2"], "Missing argument"),
    ("compare, bad tile", ["tiles", "compare", "4-3 2-9", "6-5 5-5"], "'2-9'"),
    ("set, unknown way", ["tiles", "set", *H4, "--strategy", "nonsense"], "'nonsense'"),
    ("set, empty way", ["tiles", "set", *H4, "--strategy", ""], "tile way"),
    ("set, table in a missing folder", ["tiles", "set", *H4, "--strategy", "table:{missing}"],
     "folder does not exist"),
    ("set, table that is a folder", ["tiles", "set", *H4, "--strategy", "table:{dir}"],
     "is a directory"),
    ("set, table that is binary", ["tiles", "set", *H4, "--strategy", "table:{bin}"],
     "is not UTF-8"),
    ("set, table of no file", ["tiles", "set", *H4, "--strategy", "table:"], "no file named"),
    ("set, table that is not a table", ["tiles", "set", *H4, "--strategy", "table:{txt}"],
     "{txt}"),
    ("set, dealer in a folder", ["tiles", "set", *H4, "--dealer", "table:{dir}"], "is a directory"),
    ("set, commission above 1", ["tiles", "set", *H4, "--commission", "150%"], "'150%'"),
    ("set, commission NaN", ["tiles", "set", *H4, "--commission", "nan"], "'nan'"),
    ("set, commission with a huge exponent", ["tiles", "set", *H4, "--commission", "1e999999999"],
     "'1e999999999'"),
    ("set, negative commission", ["tiles", "set", *H4, "--commission", "-1"], "'-1'"),
    ("set, commission 1/0", ["tiles", "set", *H4, "--commission", "1/0"], "'1/0'"),
    ("set, commission a word", ["tiles", "set", *H4, "--commission", "lots"], "'lots'"),
    ("set, tie-break unknown", ["tiles", "set", *H4, "--gee-joon-tiebreak", "random"], "'random'"),
    ("advise, three tiles", ["tiles", "advise", "6-6", "4-2", "5-3"], "expected 4 tiles"),
    ("advise, dealer unknown", ["tiles", "advise", *H4, "--dealer", "nobody"], "'nobody'"),
    ("advise, commission 100%", ["tiles", "advise", *H4, "--commission", "100%"], "'100%'"),
    ("edge, player unknown", ["tiles", "edge", "--player", "nonsense"], "'nonsense'"),
    ("edge, commission inf", ["tiles", "edge", "--commission", "inf"], "'inf'"),
    ("table, output a folder", ["tiles", "table", "-o", "{dir}"], "is a directory"),
    ("table, output in a missing folder", ["tiles", "table", "-o", "{missing}"], "does not exist"),
    ("table, output under a file", ["tiles", "table", "-o", "{under}"], "is not a folder"),
    ("table, output empty", ["tiles", "table", "-o", ""], "--output ''"),
    ("table, unknown way", ["tiles", "table", "--strategy", "nonsense"], "'nonsense'"),
    ("value, tie-break unknown", ["tiles", "value", "6-6", "5-4", "--gee-joon-tiebreak", "x"], "'x'"),
    ("tiles, unknown command", ["tiles", "flip"], "flip"),
    ("tiles, unknown option", ["tiles", "value", "--frobnicate", "6-6", "5-4"], "--frobnicate"),
    # -- poker: bad cards and options -------------------------------------------------------
    ("unknown card", ["poker", "rank", "Zz", "Ks", "Qs", "Js", "Ts"], "'Zz'"),
    ("a card twice", ["poker", "rank", "As", "As", "Qs", "Js", "Ts"], "As"),
    ("four cards to rank", ["poker", "rank", "As", "Ks", "Qs", "Js"], "4"),
    ("joker rule unknown", ["poker", "rank", *C7[:5], "--joker", "free"], "'free'"),
    ("wheel rule unknown", ["poker", "rank", *C7[:5], "--wheel", "up"], "'up'"),
    ("settings of six cards", ["poker", "settings", *C7[:6]], "6"),
    ("settings, a card twice", ["poker", "settings", "As", "As", *C7[2:]], "As"),
    ("compare, no bar", ["poker", "compare", "Ah Ad 9c 8d 2s Kc Qd", "Kh Kd 9h 8h 2h | Ks Qs"],
     "Ah Ad 9c 8d 2s Kc Qd"),
    ("compare, foul rule unknown", ["poker", "compare", "Ah Ad 9c 8d 2s | Kc Qd",
                                    "Kh Kd 9h 8h 2h | Ks Qs", "--foul", "maybe"], "'maybe'"),
    ("census, deck of three", ["poker", "census", "--deck", "As Ks Qs"], "3"),
    ("census, bad card in deck", ["poker", "census", "--deck", "As Ks Qs Js Ts 9s 8s Xx"], "'Xx'"),
    ("poker set, unknown way", ["poker", "set", *C7, "--strategy", "nonsense"], "'nonsense'"),
    ("set, six cards", ["poker", "set", *C7[:6]], "6"),
    ("sidebet, unknown pay table", ["poker", "sidebet", "--paytable", "nonsense"], "'nonsense'"),
    ("sidebet, pay table missing", ["poker", "sidebet", "--paytable", "{missing}.toml"],
     "does not exist"),
    ("sidebet, pay table a folder", ["poker", "sidebet", "--paytable", "{dir}/"], "is a directory"),
    ("sidebet, pay table binary", ["poker", "sidebet", "--paytable", "{bin}"], "is not UTF-8"),
    ("sidebet, no pay table", ["poker", "sidebet"], "--paytable"),
    ("advise, six cards", ["poker", "advise", *C7[:6]], "6"),
    ("advise, commission a word", ["poker", "advise", *C7, "--commission", "some"], "'some'"),
    ("simulate, zero rounds", ["poker", "simulate", "--rounds", "0"], "'0'"),
    ("simulate, negative rounds", ["poker", "simulate", "--rounds", "-1"], "'-1'"),
    ("simulate, 10**25 rounds", ["poker", "simulate", "--rounds", str(10**25)], str(10**25)),
    ("simulate, rounds a word", ["poker", "simulate", "--rounds", "ten"], "'ten'"),
    ("simulate, rounds in exponent form", ["poker", "simulate", "--rounds", "1e6"], "'1e6'"),
    ("simulate, rounds a fraction", ["poker", "simulate", "--rounds", "2.5"], "'2.5'"),
    ("simulate, negative seed", ["poker", "simulate", "--seed", "-1"], "'-1'"),
    ("simulate, seed of 129 bits", ["poker", "simulate", "--seed", str(2**128)], str(2**128)),
    ("simulate, negative workers", ["poker", "simulate", "--workers", "-2"], "'-2'"),
    ("simulate, too many workers", ["poker", "simulate", "--workers", "99999"], "'99999'"),
    ("simulate, checkpoint a folder", ["poker", "simulate", "--checkpoint", "{dir}"],
     "is a directory"),
    ("simulate, checkpoint in a missing folder", ["poker", "simulate", "--checkpoint", "{missing}"],
     "does not exist"),
    ("simulate, unknown player way", ["poker", "simulate", "--rounds", "10", "--player", "nobody"],
     "nobody"),
    ("sweep, no mode", ["poker", "sweep"], "exactly one of"),
    ("sweep, both modes", ["poker", "sweep", "--sample", "3", "--all-suit-classes"], "exactly one of"),
    ("sweep, zero sample", ["poker", "sweep", "--sample", "0"], "'0'"),
    ("sweep, huge sample", ["poker", "sweep", "--sample", BIG], BIG),
    ("sweep, zero chunk", ["poker", "sweep", "--sample", "3", "--chunk", "0"], "'0'"),
    ("sweep, negative seed", ["poker", "sweep", "--sample", "3", "--seed", "-5"], "'-5'"),
    ("sweep, small deck", ["poker", "sweep", "--sample", "3", "--deck", "As Ks"], "14 cards"),
    ("poker, unknown command", ["poker", "shuffle"], "shuffle"),
    # -- play: numbers, amounts, files, combinations that cannot play ------------------------
    ("unknown game", ["play", "cards"], "'cards'"),
    ("no game", ["play"], "Missing argument"),
    ("no seats", ["play", "tiles", "--seats", "0"], "'0'"),
    ("eight seats", ["play", "tiles", "--seats", "8"], "'8'"),
    ("seven poker seats", ["play", "poker", "--seats", "7", "--auto", "--rounds", "1",
                           "--db", "{db}"], "not 7"),
    ("seats a word", ["play", "tiles", "--seats", "x"], "'x'"),
    ("seats huge", ["play", "tiles", "--seats", BIG], BIG),
    ("negative bankroll", ["play", "tiles", "--bankroll", "-5"], "'-5'"),
    ("zero bankroll", ["play", "tiles", "--bankroll", "0", "--db", "{db}"], "bankroll"),
    ("bankroll with three decimals", ["play", "tiles", "--bankroll", "1.234"], "'1.234'"),
    ("bankroll 1,0,0", ["play", "tiles", "--bankroll", "1,0,0"], "'1,0,0'"),
    ("bankroll in exponent form", ["play", "tiles", "--bankroll", "1e3"], "'1e3'"),
    ("bankroll of a trillion and more", ["play", "tiles", "--bankroll", "9" * 12 + "9"], "9" * 13),
    ("bankroll a word", ["play", "tiles", "--bankroll", "lots"], "'lots'"),
    ("bet zero", ["play", "tiles", "--bet", "0", "--db", "{db}"], "bet"),
    ("bet above the bankroll", ["play", "tiles", "--bet", "2000", "--auto", "--rounds", "1",
                                "--db", "{db}"], "$2,000.00"),
    ("bet plus fee above the bankroll", ["play", "tiles", "--bet", "1000", "--flat-fee", "1",
                                         "--auto", "--rounds", "1", "--db", "{db}"], "$1.00 fee"),
    ("flat fee equal to the bankroll", ["play", "tiles", "--flat-fee", "1000", "--auto",
                                        "--rounds", "1", "--db", "{db}"], "$1,000.00"),
    ("flat fee above the bankroll", ["play", "tiles", "--flat-fee", "5000", "--auto",
                                     "--rounds", "1", "--db", "{db}"], "$5,000.00"),
    ("negative flat fee", ["play", "tiles", "--flat-fee", "-1"], "'-1'"),
    ("bet with a dollar sign only", ["play", "tiles", "--bet", "$"], "'$'"),
    ("bet of fractions of a cent", ["play", "tiles", "--bet", "0.001"], "'0.001'"),
    ("commission 150%", ["play", "tiles", "--commission", "150%"], "'150%'"),
    ("commission -5%", ["play", "tiles", "--commission", "-5%"], "'-5%'"),
    ("seed negative", ["play", "tiles", "--seed", "-1"], "'-1'"),
    ("seed 2**63", ["play", "tiles", "--seed", I64], I64),
    ("seed 10**30", ["play", "tiles", "--seed", BIG], BIG),
    ("seed a word", ["play", "tiles", "--seed", "seven"], "'seven'"),
    ("seed in exponent form", ["play", "tiles", "--seed", "1e3"], "'1e3'"),
    ("rounds zero", ["play", "tiles", "--auto", "--rounds", "0"], "'0'"),
    ("rounds negative", ["play", "tiles", "--auto", "--rounds", "-3"], "'-3'"),
    ("rounds a billion", ["play", "tiles", "--auto", "--rounds", str(10**9)], str(10**9)),
    ("auto without rounds", ["play", "tiles", "--auto", "--db", "{db}"], "--auto needs --rounds"),
    ("db a folder", ["play", "tiles", "--auto", "--rounds", "1", "--db", "{dir}"], "is a directory"),
    ("db in a missing folder", ["play", "tiles", "--auto", "--rounds", "1", "--db", "{missing}"],
     "does not exist"),
    ("db under a file", ["play", "tiles", "--auto", "--rounds", "1", "--db", "{under}"],
     "is not a folder"),
    ("db that is no ledger", ["play", "tiles", "--auto", "--rounds", "1", "--db", "{txt}"],
     "not a paigow database"),
    ("db empty", ["play", "tiles", "--db", ""], "--db ''"),
    ("db of another scheme", ["play", "tiles", "--db", "mysql://h/db"], "unsupported database URL"),
    ("db sqlite URL in a missing folder", ["play", "tiles", "--db", "sqlite:///{missing}"],
     "does not exist"),
    ("house way unknown", ["play", "tiles", "--house-way", "nonsense", "--db", "{db}"], "'nonsense'"),
    ("house way table missing", ["play", "tiles", "--house-way", "table:{missing}"],
     "folder does not exist"),
    ("house way table binary", ["play", "tiles", "--house-way", "table:{bin}"], "is not UTF-8"),
    ("bot way unknown", ["play", "tiles", "--bot-way", "nonsense", "--db", "{db}"], "'nonsense'"),
    ("bank policy unknown", ["play", "tiles", "--bot-bank", "steal"], "'steal'"),
    ("tie-break unknown", ["play", "tiles", "--gee-joon-tiebreak", "coin"], "'coin'"),
    ("joker unknown", ["play", "poker", "--joker", "free"], "'free'"),
    ("wheel unknown", ["play", "poker", "--wheel", "down"], "'down'"),
    ("foul unknown", ["play", "poker", "--foul", "never"], "'never'"),
    ("play, unknown option", ["play", "tiles", "--rounds-played", "3"], "--rounds-played"),
    ("play, extra argument", ["play", "tiles", "poker"], "poker"),
    # -- history, replay, void, verify: ledgers that are not there, ids out of range ----------
    ("history, ledger missing", ["history", "--db", "{missing}"], "there is no ledger there"),
    ("history, ledger in a missing folder", ["history", "--db", "/missing-folder/x.db"],
     "/missing-folder/x.db"),
    ("history, ledger a folder", ["history", "--db", "{dir}"], "is a directory"),
    ("history, ledger not a ledger", ["history", "--db", "{txt}"], "not a paigow database"),
    ("history, ledger binary", ["history", "--db", "{bin}"], "not a paigow database"),
    ("history, last -1", ["history", "--db", "{db}", "--last", "-1"], "'-1'"),
    ("history, last 0", ["history", "--db", "{db}", "--last", "0"], "'0'"),
    ("history, last a word", ["history", "--db", "{db}", "--last", "few"], "'few'"),
    ("history, last 10**30", ["history", "--db", "{db}", "--last", BIG], BIG),
    ("history, session 0", ["history", "--db", "{db}", "--session", "0"], "'0'"),
    ("history, session 2**63", ["history", "--db", "{db}", "--session", I64], I64),
    ("history, session negative", ["history", "--db", "{db}", "--session", "-4"], "'-4'"),
    ("history, db URL of another scheme", ["history", "--db", "ftp://host/x"],
     "unsupported database URL"),
    ("replay, round 0", ["replay", "0", "--db", "{db}"], "'0'"),
    ("replay, round negative", ["replay", "-1", "--db", "{db}"], "-1"),
    ("replay, round 2**63", ["replay", I64, "--db", "{db}"], I64),
    ("replay, round 10**30", ["replay", BIG, "--db", "{db}"], BIG),
    ("replay, round a word", ["replay", "first", "--db", "{db}"], "'first'"),
    ("replay, round that is not there", ["replay", "999", "--db", "{db}"], "no round 999"),
    ("replay, largest id not there", ["replay", str(2**63 - 1), "--db", "{db}"],
     f"no round {2**63 - 1}"),
    ("replay, ledger missing", ["replay", "1", "--db", "{missing}"], "there is no ledger there"),
    ("replay, no round", ["replay", "--db", "{db}"], "Missing argument"),
    ("void, no reason", ["void", "1", "--db", "{db}"], "--reason"),
    ("void, empty reason", ["void", "1", "--db", "{db}", "--reason", "  "], "must not be empty"),
    ("void, reason too long", ["void", "1", "--db", "{db}", "--reason", "x" * 600],
     "at most 500 characters"),
    ("void, round settled", ["void", "1", "--db", "{db}", "--reason", "test"],
     "round 1 is settled, not open"),
    ("void, round not there", ["void", "999", "--db", "{db}", "--reason", "test"], "no round 999"),
    ("void, round 2**63", ["void", I64, "--db", "{db}", "--reason", "test"], I64),
    ("void, ledger missing", ["void", "1", "--db", "{missing}", "--reason", "x"],
     "there is no ledger there"),
    ("verify, nothing to verify", ["verify"], "one of the two"),
    ("verify, round and record", ["verify", "1", "--db", "{db}", "--record", "{txt}"],
     "one of the two"),
    ("verify, record missing", ["verify", "--record", "{missing}"], "does not exist"),
    ("verify, record a folder", ["verify", "--record", "{dir}"], "is a directory"),
    ("verify, record binary", ["verify", "--record", "{bin}"], "is not UTF-8"),
    ("verify, record not JSON", ["verify", "--record", "{txt}"], "is not JSON"),
    ("verify, seed too short", ["verify", "1", "--db", "{db}", "--seed", "abc"], "'abc'"),
    ("verify, seed not hex", ["verify", "1", "--db", "{db}", "--seed", "z" * 64], "z" * 20),
    ("verify, seed too long", ["verify", "1", "--db", "{db}", "--seed", "a" * 65],
     "at most 64 characters"),
    ("verify, commitment not hex", ["verify", "1", "--db", "{db}", "--commitment", "q" * 64],
     "q" * 20),
    ("verify, game unknown", ["verify", "--record", "{txt}", "--game", "chess"], "'chess'"),
    ("verify, round not there", ["verify", "77", "--db", "{db}"], "no round 77"),
    ("verify, round 0", ["verify", "0", "--db", "{db}"], "'0'"),
    # -- serve: refused before anything is written --------------------------------------------
    ("serve, port negative", ["serve", "--port", "-1"], "'-1'"),
    ("serve, port 70000", ["serve", "--port", "70000"], "'70000'"),
    ("serve, port a word", ["serve", "--port", "http"], "'http'"),
    ("serve, idle NaN", ["serve", "--idle-seconds", "nan"], "'nan'"),
    ("serve, idle infinite", ["serve", "--idle-seconds", "inf"], "'inf'"),
    ("serve, idle negative", ["serve", "--idle-seconds", "-1"], "'-1'"),
    ("serve, idle a year", ["serve", "--idle-seconds", "31536000"], "'31536000'"),
    ("serve, idle hex float", ["serve", "--idle-seconds", "0x10"], "'0x10'"),
    ("serve, sit out after negative", ["serve", "--sit-out-after", "-1"], "'-1'"),
    ("serve, sit out after a word", ["serve", "--sit-out-after", "two"], "'two'"),
    ("serve, wallet negative", ["serve", "--wallet", "-5"], "'-5'"),
    ("serve, wallet in thirds", ["serve", "--wallet", "1.005"], "'1.005'"),
    ("serve, seats 9", ["serve", "--seats", "9"], "'9'"),
    ("serve, game unknown", ["serve", "--game", "chess"], "'chess'"),
    ("serve, seed 2**63", ["serve", "--seed", I64], I64),
    ("serve, db a folder", ["serve", "--db", "{dir}"], "is a directory"),
    ("serve, db in a missing folder", ["serve", "--db", "{missing}"], "does not exist"),
    ("serve, bet above the bankroll", ["serve", "--bet", "5000", "--db", "{db}"], "$5,000.00"),
    ("serve, host empty", ["serve", "--host", ""], "must not be empty"),
    ("serve, ez at tiles", ["serve", "--game", "tiles", "--ez"], "Pai Gow Poker"),
    ("serve, side bet at tiles", ["serve", "--game", "tiles", "--side-bet", "fortune"],
     "Pai Gow Poker"),
    ("serve, ez with a commission", ["serve", "--ez", "--commission", "5%"], "--commission 5%"),
    # -- a card room: serve --slot, proxy (refused before anything is written) ------------------
    ("serve, slot 0", ["serve", "--slot", "0"], "'0'"),
    ("serve, slot 100", ["serve", "--slot", "100"], "'100'"),
    ("serve, slot on SQLite", ["serve", "--slot", "1", "--db", "{db}"], "postgresql://"),
    ("proxy, no upstream", ["proxy", "--prefix", "{dir}/px"], "--upstream"),
    ("proxy, upstream without a slot", ["proxy", "--upstream", "127.0.0.1:8001",
                                        "--prefix", "{dir}/px"], "'127.0.0.1:8001'"),
    ("proxy, upstream slot 100", ["proxy", "--upstream", "100=127.0.0.1:8001",
                                  "--prefix", "{dir}/px"], "'100=127.0.0.1:8001'"),
    ("proxy, upstream port 70000", ["proxy", "--upstream", "1=127.0.0.1:70000",
                                    "--prefix", "{dir}/px"], "'127.0.0.1:70000'"),
    ("proxy, one slot twice", ["proxy", "--upstream", "1=127.0.0.1:8001", "--upstream",
                               "1=127.0.0.1:8002", "--prefix", "{dir}/px"], "slot 1 is given twice"),
    ("proxy, listen no port", ["proxy", "--upstream", "1=127.0.0.1:8001", "--listen", "here",
                               "--prefix", "{dir}/px"], "'here'"),
    ("serve, ez with another push", ["serve", "--ez", "--push", "pai-gow:K"], "--push pai-gow:K"),
    ("serve, side bet unknown", ["serve", "--side-bet", "lucky7"], "lucky7"),
    ("serve, dragon unknown", ["serve", "--dragon", "dealer"], "'dealer'"),
    ("serve, side limits crossed", ["serve", "--side-bet", "fortune", "--side-min", "50",
                                    "--side-max", "10", "--db", "{db}"], "$10.00"),
    ("serve, host non-ASCII", ["serve", "--host", "l\u043ecalhost"], "CYRILLIC SMALL LETTER O"),
    ("serve, side limits crossed, no ledger yet", ["serve", "--side-bet", "fortune", "--side-min",
                                                   "50", "--side-max", "10", "--db", "{new}"],
     "$10.00"),
    # -- everything is checked before anything is written (issue 16, part 0) -------------------
    ("play, side limits crossed", ["play", "poker", "--side-bet", "fortune", "--side-min", "50",
                                   "--side-max", "10", "--auto", "--rounds", "1", "--db", "{db}"],
     "$10.00"),
    ("play, side limits crossed, no ledger yet", ["play", "poker", "--side-bet", "fortune",
                                                  "--side-min", "50", "--side-max", "10", "--auto",
                                                  "--rounds", "1", "--db", "{new}"], "$10.00"),
    ("play, house way unknown, no ledger yet", ["play", "tiles", "--house-way", "nonsense",
                                                "--auto", "--rounds", "1", "--db", "{new}"],
     "'nonsense'"),
    ("play, bot side bet not offered", ["play", "poker", "--bot-side", "fortune=5", "--auto",
                                        "--rounds", "1", "--db", "{new}"], "fortune"),
    ("train, way unknown, no ledger yet", ["train", "tiles", "--way", "nonsense", "--db", "{new}"],
     "'nonsense'"),
    ("train, dealer unknown, no ledger yet", ["train", "poker", "--dealer", "nonsense", "--db",
                                              "{new}"], "'nonsense'"),
    ("train stats, drill unknown, no ledger yet", ["train", "stats", "--drill", "both", "--db",
                                                   "{new}"], "'both'"),
    # -- the root ------------------------------------------------------------------------------
    ("unknown command", ["deal"], "deal"),
    ("unknown option at the root", ["--verbose"], "--verbose"),
]


def _fill(args: list[str], tmp: Path, db: Path) -> list[str]:
    places = {
        "{db}": str(db), "{dir}": str(tmp / "a-folder"), "{missing}": str(tmp / "nowhere" / "x.db"),
        "{txt}": str(tmp / "notes.txt"), "{bin}": str(tmp / "blob.bin"),
        "{under}": str(tmp / "notes.txt" / "x.db"), "{new}": str(tmp / "new.db"),
    }
    out = []
    for a in args:
        for k, v in places.items():
            a = a.replace(k, v)
        out.append(a)
    return out


def test_the_table_holds_at_least_150_bad_inputs() -> None:
    assert len(CASES) >= 150, len(CASES)
    assert len({name for name, _, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("name", "args", "needle"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_input_is_one_line_naming_it_exit_2_and_nothing_changes(
    name: str, args: list[str], needle: str, ledger: Path, tmp_path: Path
) -> None:
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "notes.txt").write_text("hello, I am not a ledger nor a strategy table\n")
    (tmp_path / "blob.bin").write_bytes(bytes(range(256)) * 8)
    before_files = folder_listing(tmp_path)
    before_ledger = ledger_digest(ledger)
    argv = _fill(args, tmp_path, ledger)
    res = runner.invoke(app, argv)
    assert res.exit_code == 2, (argv, res.output)
    lines = [x for x in res.stderr.splitlines() if x.strip()]  # a closed progress bar: blank
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert _fill([needle], tmp_path, ledger)[0] in lines[0], lines[0]
    assert res.stdout == ""
    # nothing changed: no file created or removed, the ledger as it was
    assert folder_listing(tmp_path) == before_files
    assert ledger_digest(ledger) == before_ledger
    assert not Path("/missing-folder").exists()
