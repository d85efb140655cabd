"""The repository explains itself: whoever clones it can follow every reference in the code, the
tests and the notes beside them. The issue tracker is not in the
repository, so a text never cites an issue by its number ("issue 13, item 2", "#29", "the issue's
ruling"): it says the reason in a few words, or points into docs/ARCHITECTURE.md as
"ARCHITECTURE §N", and every such section exists.

The files read are the project's own text: the code, tests, notes, build scripts and component
data. Recorded games (tests/fixtures/) and third-party licence texts are data written by others.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("engine", "ai", "saves", "ui", "tests", "packaging", "docs", "assets", ".ci", ".github")
TOP_FILES = ("README.md", "pyproject.toml")
SUFFIXES = {".py", ".md", ".toml", ".txt", ".sh", ".ps1", ".spec", ".cfg", ".yml", ".yaml", ""}
NOT_OURS = ("tests/fixtures/", "packaging/licenses/", "packaging/THIRD-PARTY-NOTICES.txt")

# "issue 13", "Issues 26–31", "issue #5"; "#29" alone (not a colour: "#000" is quoted, "#353230"
# runs past four digits); "the issue's ruling", "the issue asks" (one issue, by context).
CITATIONS = re.compile(
    r"\b[Ii]ssues?\s*#?\d+"
    r"|(?<![\w\"'&/#])#\d{1,4}\b(?![\w-])"
    r"|\b[Tt]he issue\b(?!\s+(?:of|price)\b)"
)
SECTION_CITED = re.compile(r"ARCHITECTURE\s*§(\d+)(?:\s*[–-]\s*§?(\d+))?")
SECTION_HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)


def our_texts() -> list[Path]:
    found = [ROOT / name for name in TOP_FILES if (ROOT / name).is_file()]
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT).as_posix()
            if (path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in relative
                    and not relative.startswith(NOT_OURS) and path != Path(__file__).resolve()):
                found.append(path)
    return found


def lines_of(path: Path):
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:  # a binary file without a suffix
        return
    for number, line in enumerate(text.splitlines(), 1):
        yield f"{path.relative_to(ROOT).as_posix()}:{number}", line


def test_the_walk_reads_code_tests_notes_and_data():
    read = {path.relative_to(ROOT).as_posix() for path in our_texts()}
    assert {"README.md", "engine/core/session.py", "tests/test_layers.py", "ai/HARD.md",
            "tests/bench/RESULTS.md", ".ci/run", "assets/games/big-shoulders/board.toml"} <= read
    assert not any(name.startswith("tests/fixtures/") for name in read)


def test_the_pattern_knows_a_citation_from_a_colour_or_a_share():
    for cited in ("see issue 13, item 2", "(Issue 26)", "issues 26–31", "issue #5", "fixed in #29",
                  "the issue's ruling", "The issue asks for 400 games"):
        assert CITATIONS.search(cited), cited
    for plain in ('QColor("#2f2d2b")', '"#000"', "#353230", "shares left to issue", "# 2 seats",
                  "the issue of shares", "the buildings read \"#34\" alone", "item 4 of the list"):
        assert not CITATIONS.search(plain), plain


def test_no_text_cites_an_issue_by_its_number():
    cited = [f"{where}: {line.strip()[:110]}" for path in our_texts() for where, line in lines_of(path)
             if CITATIONS.search(line)]
    assert not cited, (
        f"{len(cited)} lines cite an issue, which is not in the repository: say the reason in a few "
        "words, or point into docs/ARCHITECTURE.md as 'ARCHITECTURE §N'\n" + "\n".join(cited))


def test_every_architecture_section_cited_exists():
    sections = {int(n) for n in SECTION_HEADING.findall((ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8"))}
    assert sections == set(range(1, max(sections) + 1)), "the sections are numbered 1, 2, 3, ..."
    wrong = [f"{where}: ARCHITECTURE §{n}" for path in our_texts() for where, line in lines_of(path)
             for match in SECTION_CITED.finditer(line) for n in match.groups() if n and int(n) not in sections]
    assert not wrong, "docs/ARCHITECTURE.md has no such section:\n" + "\n".join(wrong)


NAMED_FILE = re.compile(r"`((?:[\w.-]+/)*[\w.-]+\.(?:py|md|toml|json|npz))`")


def test_every_file_the_architecture_names_exists():
    """A path in docs/ARCHITECTURE.md is the file it names (from the top, or the end of a path
    under it: `record_index.py` beside `saves/record.py`); a file moved or renamed there fails
    here, so the map never leads a newcomer to nothing."""
    ours = {p.relative_to(ROOT).as_posix() for p in our_texts()}
    names = NAMED_FILE.findall((ROOT / "docs/ARCHITECTURE.md").read_text(encoding="utf-8"))
    assert len(names) > 30, "the pattern finds the files the text names"
    missing = sorted({n for n in names if n not in ours and not any(p.endswith("/" + n) for p in ours)})
    assert not missing, "docs/ARCHITECTURE.md names files the repository lacks: " + ", ".join(missing)
