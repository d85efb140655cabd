"""Words a player reads: articles, plurals, money, lists and names, the same in every game.

Qt-free, so rules (log lines, action labels, refusal reasons) and the UI (prompts, titles) share
it. A game builds its sentences from these instead of f-strings with a fixed "a" or "s":

>>> f"Build {article('Iron Mine')}"
'Build an Iron Mine'
>>> count(1, "marker"), count(3, "factory"), count(2, "Coal", "Coal")
('1 marker', '3 factories', '2 Coal')
>>> join_words(["Ann", "Bob", "Cy"]), join_words(["build", "claim"], "or")
('Ann, Bob and Cy', 'build or claim')
>>> money(5, unit="M"), money(-3)
('$5M', '-$3')
>>> fill_names("Offer a trade to {p1}", ["Ann", "Bob"])
'Offer a trade to Bob'

Names of players are never seat numbers: text that names a seat writes `{pN}` (as log events
do) and `fill_names` puts the names in when the text is shown.

A new game gets the checks by being registered: tests/ui/test_words.py scans the labels, log
lines, prompts and players-panel rows of random games of every registered game with
`wording_problems`, and tests/engine/test_refusal_reasons.py asks every game for the reason of
every illegal action. Places are described by what is next to them, never by coordinates (see
engine/games/victory_through_industry/words.py for a grid).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

# Words that start with a vowel letter but a consonant sound ("a unit", "a one-off", "a European")
# and words that start with a consonant letter but a vowel sound ("an hour", "an heir", "an X-ray").
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ure", "euro", "eu", "one", "once", "ewe", "uk", "ura")
_VOWEL_SOUND = ("hour", "heir", "honest", "honor", "honour", "herb")
_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")  # letters read as a vowel sound: "an M", "an S-bend"


def starts_with_vowel_sound(word: str) -> bool:
    """Whether `word` is read beginning with a vowel sound ("an" goes before it)."""
    w = word.strip().lstrip("\"'(“‘")
    if not w:
        return False
    if w[0].isdigit():
        # "an 8", "an 11", "an 18", "an 80": eight, eleven, eighteen, eighty
        digits = re.match(r"\d+", w).group()
        return digits[0] == "8" or (digits.startswith(("11", "18")) and len(digits) in (2, 5))
    first = re.match(r"[A-Za-z]+", w)
    if first is None:
        return False
    token = first.group()
    if len(token) == 1 or (token.isupper() and len(token) <= 4 and not _pronounceable(token)):
        return token[0].upper() in _VOWEL_LETTER_NAMES  # a letter or an acronym read letter by letter
    lower = token.lower()
    if lower.startswith(_VOWEL_SOUND):
        return True
    if lower.startswith(_CONSONANT_SOUND):
        return False
    return lower[0] in "aeiou"


def _pronounceable(token: str) -> bool:
    return any(c in "AEIOU" for c in token[1:]) and len(token) > 3


def article(noun: str, definite: bool = False) -> str:
    """`noun` with its article: "an Iron Mine", "a unit", "an hour"; "the …" if `definite`."""
    if definite:
        return f"the {noun}"
    return f"{'an' if starts_with_vowel_sound(noun) else 'a'} {noun}"


def a_or_an(noun: str) -> str:
    """Just the indefinite article that goes before `noun`."""
    return "an" if starts_with_vowel_sound(noun) else "a"


def plural(noun: str) -> str:
    """The plural of a countable noun ("factory" -> "factories", "box" -> "boxes", a last word
    pluralised in a phrase: "Iron Mine" -> "Iron Mines")."""
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower.endswith("y") and len(last) > 1 and lower[-2] not in "aeiou":
        last = last[:-1] + "ies"
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        last = last + "es"
    else:
        last = last + "s"
    return f"{head} {last}" if head else last


def count(n: int, noun: str, many: str | None = None) -> str:
    """`n` and the noun in the right number: "1 marker", "2 markers", "0 factories". `many` gives
    an irregular or uncountable plural ("Coal" stays "Coal")."""
    return f"{n} {noun if n == 1 else (many if many is not None else plural(noun))}"


def join_words(items: Iterable[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C" (or "or")."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def money(amount: int | float, unit: str = "") -> str:
    """An amount of money as players read it: "$5", "$12M", "-$3" (the unit after the figure)."""
    value = f"{abs(amount):g}" if isinstance(amount, float) else f"{abs(amount)}"
    return f"{'-' if amount < 0 else ''}${value}{unit}"


def is_doing(name: str, doing: str) -> str:
    """"Ann is choosing", and "You are choosing" for a player who calls themselves "You".

    >>> is_doing("Ann", "setting a price"), is_doing("You", "setting a price")
    ('Ann is setting a price', 'You are setting a price')
    """
    return f"{name} {'are' if name == 'You' else 'is'} {doing}"


def whose(name: str, start: bool = False) -> str:
    """The possessive of a name: "Ann's", "James'"; a player who calls themselves "You" gets
    "your" ("Your" at the `start` of a sentence or title), never "You's"."""
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


_SEAT_FIELD = re.compile(r"\{p(\d+)\}(?:('s)|( (?:is|has|was)\b))?")
_CLAUSE_START = re.compile(r"(?:^|(?<=[.:;] )|(?<=\())\{p(\d+)\}")
"""A seat named where a clause begins: the subject of what follows ("{p0} buys …", "Revenue: {p0} collects …")."""
_CLAUSE_END = re.compile(r"[.;:](?: |$)|\)")
_OTHER_SEAT = re.compile(r"\{p\d+\}")
_VERB = re.compile(r"^ ([a-z]+s)\b")
_AND_VERB = re.compile(r"\b(and|then) ([a-z]+s)\b")
_NOT_VERBS = {"is", "was", "has", "its", "this", "us", "as", "plus", "minus", "less", "thus", "bonus", "cards",
              "shares", "points", "goods", "dividends", "resources", "markers", "dice", "partners", "factories",
              "products"}
"""Words ending in "s" that are not a verb said of the subject ("and shares")."""


def base_verb(verb: str) -> str:
    """The verb a player called "You" takes: "buys" → "buy", "passes" → "pass", "carries" →
    "carry", "does" → "do"; any other word comes back as it was.

    >>> [base_verb(v) for v in ("buys", "passes", "carries", "does", "chooses", "receives", "has")]
    ['buy', 'pass', 'carry', 'do', 'choose', 'receive', 'have']
    """
    irregular = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
    if verb in irregular:
        return irregular[verb]
    if verb in _NOT_VERBS or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    return verb[:-1]


def _as_you(text: str, names: Sequence[str]) -> str:
    """`text` with each clause whose subject is a player called "You" in the second person:
    "{p0} buys a share and pays $5 for their card" reads "{p0} buy a share and pay $5 for your
    card" ("{p0}" still to be filled in). A clause ends at a full stop, colon, semicolon or a
    closing bracket; "their" is yours only before another seat is named ("… lands on {p1} and
    fleeces them" keeps Ann's "them")."""
    out, at = [], 0
    for m in _CLAUSE_START.finditer(text):
        seat = int(m.group(1))
        if seat >= len(names) or names[seat] != "You" or m.start() < at:
            continue
        end = _CLAUSE_END.search(text, m.end())
        stop = end.start() if end else len(text)
        clause = text[m.end():stop]
        clause = _VERB.sub(lambda v: " " + base_verb(v.group(1)), clause)
        clause = _AND_VERB.sub(lambda v: f"{v.group(1)} {base_verb(v.group(2))}", clause)
        other = _OTHER_SEAT.search(clause)
        cut = other.start() if other else len(clause)
        clause = re.sub(r"\btheir\b", "your", clause[:cut]) + clause[cut:]
        out += [text[at:m.end()], clause]
        at = stop
    return _you_as_object("".join(out) + text[at:], names)


_OBJECT_THEM = re.compile(r"(\{p(\d+)\}(?!'s)[^{.;:)]*?)\bthem\b")


def _you_as_object(text: str, names: Sequence[str]) -> str:
    """"{p1} lands on {p0} and fleeces them" for a player called You: "… fleeces you" (the
    "them" that follows You in a clause, before another seat is named, is you)."""
    def you(m: re.Match) -> str:
        seat = int(m.group(2))
        return m.group(1) + ("you" if seat < len(names) and names[seat] == "You" else "them")

    return _OBJECT_THEM.sub(you, text)


def fill_names(text: str, names: Sequence[str]) -> str:
    """`text` with every `{pN}` replaced by the name of seat N (other braces left alone); a
    possessive `{pN}'s` goes through `whose`, so it reads "James'" or "your", never "You's", and
    a player called "You" is, has and was as "You are", "You have", "You were", and does what a
    clause says in the second person ("You buy a share and pay $5 for your card").

    >>> fill_names("{p0} is dealt a card; {p1} has $5 and {p1}'s turn follows.", ["You", "Ann"])
    "You are dealt a card; Ann has $5 and Ann's turn follows."
    >>> fill_names("{p0} lands on {p1} and fleeces them. {p1} passes Start and takes their $1M.", ["Ann", "You"])
    'Ann lands on You and fleeces you. You pass Start and take your $1M.'
    >>> fill_names("{p0} lands on {p1} and fleeces them.", ["You", "Ann"])
    'You land on Ann and fleece them.'
    """
    if "You" in names:
        text = _as_you(text, names)

    def name(m: re.Match) -> str:
        seat = int(m.group(1))
        if seat >= len(names):
            return m.group(0)
        if m.group(2):
            return whose(names[seat], start=m.start() == 0 or text[:m.start()].rstrip().endswith((".", ":")))
        if m.group(3):
            return names[seat] + (" " + base_verb(m.group(3)[1:]) if names[seat] == "You" else m.group(3))
        return names[seat]

    return _SEAT_FIELD.sub(name, text)


def seat_ref(seat: int) -> str:
    """How a text names a seat before the names are known: `{pN}`, filled in by `fill_names`."""
    return f"{{p{seat}}}"


# -- the checks of the text scan test (tests/engine/test_words.py), kept here so a new game can
# -- run them on its own text too ----------------------------------------------------------------
_YOU_IS = re.compile(r"\bYou (?:is|has|was)\b")
_YOU_DOES = re.compile(r"(?:^|[.:;(] )(You ([a-z]+s))\b")
"""A player called You at the start of a clause, with a verb said of someone else ("You buys")."""
_A_BEFORE = re.compile(r"(?<![\w'’-])([Aa]n?) ([A-Za-z0-9][\w'’-]*)")
_ONE_PHRASE = re.compile(r"(?<![\w.$,+-])1((?: [A-Za-z]+){1,3})\b")
_COUNT_QUALIFIERS = {"more", "other", "extra", "free", "new", "unused", "empty", "further", "additional",
                     "remaining", "full", "face-down", "hidden", "secret"}
"""Words that may stand between a count and its noun ("1 more card")."""
_GRID = re.compile(r"(?<![\d$.,])-?\d{1,2},-?\d{1,2}(?![\d,])")
_SEAT_NUMBER = re.compile(r"\b(?:[Ss]eat|[Pp]layer) \d+\b|\{p\d+\}")
_NOT_PLURAL = {"is", "was", "has", "does", "this", "plus", "less", "bonus", "status", "gas", "bus", "yes", "its",
               "us", "as", "thus", "minus", "his", "process", "business", "success", "loss", "cross", "class",
               "glass", "press", "boss", "mass", "pass", "express", "access", "address", "progress", "chess",
               "consumables", "durables"}  # Captains of Industry's markets: "demand for 1 Consumables"


def wording_problems(text: str) -> list[str]:
    """What reads wrong in `text`: "a" before a vowel sound (or "an" before a consonant one), "1"
    before a plural, a seat number instead of a name, grid coordinates ("at 2,-1") instead of a
    place described in words. Empty when the text reads right."""
    problems = []
    for art, word in _A_BEFORE.findall(text):
        if art.lower() == "a" and word.lower() == "a":
            continue
        wants_an = starts_with_vowel_sound(word)
        if (art.lower() == "an") != wants_an:
            problems.append(f"{art!r} before {word!r}")
    for words in _ONE_PHRASE.findall(text):
        # "1 markers", and past the words that may stand between a count and its noun ("1 starting
        # factories", "1 more cards"); a capitalised name ends the phrase at its first word
        said = ["1"]
        for word in words.split():
            lower = word.lower()
            said.append(word)
            if lower.endswith("s") and not lower.endswith("ss") and lower not in _NOT_PLURAL and len(lower) > 2:
                problems.append(f"'{' '.join(said)}'")
                break
            if not (lower in _COUNT_QUALIFIERS or (word.islower() and lower.endswith(("ing", "ed")))):
                break
    problems += [f"names a seat by number: {m!r}" for m in _SEAT_NUMBER.findall(text)]
    problems += [f"grid coordinates: {m!r}" for m in _GRID.findall(text)]
    problems += [f"{m!r} (a player called You)" for m in _YOU_IS.findall(text)]
    problems += [f"{said!r} (a player called You)" for said, verb in _YOU_DOES.findall(text)
                 if verb not in ("is", "has", "was") and base_verb(verb) != verb]
    return problems
