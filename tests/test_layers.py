"""The layers and the import graph (ARCHITECTURE §1). Every module of the product is read
(not imported) and each of its imports, at the top or inside a function, is an edge: an import
inside a function still ties the two modules together, it only hides the circle.

- No import cycles. The known circles below are being taken apart; the list may only shrink, and
  a listed circle that is gone fails too, so that the list stays true.
- A game's words (ui/games/<pkg>/words.py) import no Qt, and of ours only the engine and the words
  every game shares (ui/games/__init__.py).
- engine/ imports nothing of ours above it; saves/ builds on the engine, ai/ on both; the online
  core (ui/online/) on engine, ai and saves; none of them imports Qt, so headless commands, tests
  and AI worker processes run without a display and start fast.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "ai", "saves", "ui")
QT = ("PySide6", "shiboken6", "qasync")
ALLOWED = {  # a layer → the packages of ours it may import
    "engine": ("engine",),
    "ai": ("engine", "saves", "ai"),  # analysis and simulate read and write save files
    "saves": ("engine", "saves"),
    "ui.online": ("engine", "ai", "saves", "ui.online"),
}
KNOWN_CYCLES: set[frozenset[str]] = set()  # being mended; the set may only shrink

KNOWN_BREACHES: set[str] = set()  # being mended; the list may only shrink


def product_modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = product_modules()


def ours(name: str) -> str | None:
    """The module of ours that `name` (a module, or a name inside one) lives in, if any."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str) -> tuple[set[str], set[str]]:
    """(our modules, other top-level packages) that module `name` imports anywhere in its text."""
    path = MODULES[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    mine, others = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] or [base]
        else:
            continue
        for target in targets:
            module = ours(target)
            if module is None:
                others.add(target.split(".")[0])
            elif module != name:
                mine.add(module)
    return mine, others


GRAPH = {name: imports_of(name) for name in MODULES}


def cycles() -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in sorted(GRAPH):
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root][0])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(GRAPH[nxt][0]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def layer_of(name: str) -> str | None:
    if name.startswith("ui.online.gui"):
        return None  # the online GUI half, beside its Qt-free core
    for layer in sorted(ALLOWED, key=len, reverse=True):
        if name == layer or name.startswith(layer + "."):
            return layer
    return None


def test_the_reader_sees_imports_inside_functions():
    # ui.cli imports its commands lazily, inside functions (a fast start); the graph sees them
    mine, _ = GRAPH["ui.cli"]
    assert any(m.startswith("ai.") or m.startswith("engine.") for m in mine), mine


def test_no_new_import_cycles():
    found = set(cycles())
    assert not found - KNOWN_CYCLES, f"new import cycles: {[sorted(c) for c in found - KNOWN_CYCLES]}"
    assert not KNOWN_CYCLES - found, f"gone, strike them from KNOWN_CYCLES: {[sorted(c) for c in KNOWN_CYCLES - found]}"


def test_the_lower_layers_import_no_qt_and_nothing_above_them():
    wrong = []
    for name, (mine, others) in sorted(GRAPH.items()):
        layer = layer_of(name)
        if layer is None:
            continue
        wrong += [f"{name} imports {q}" for q in sorted(others) if q in QT]
        wrong += [f"{name} imports {m}" for m in sorted(mine)
                  if not any(m == ok or m.startswith(ok + ".") for ok in ALLOWED[layer])]
    assert not set(wrong) - KNOWN_BREACHES, "\n".join(sorted(set(wrong) - KNOWN_BREACHES))
    assert not KNOWN_BREACHES - set(wrong), f"mended, strike them: {sorted(KNOWN_BREACHES - set(wrong))}"


def test_a_games_words_import_no_qt():
    words = [name for name in GRAPH if name.startswith("ui.games.") and name.endswith(".words")]
    assert len(words) >= 5, words  # one a game
    wrong = []
    for name in sorted(words):
        mine, others = GRAPH[name]
        wrong += [f"{name} imports {q}" for q in sorted(others) if q in QT]
        wrong += [f"{name} imports {m}" for m in sorted(mine) if not (m.startswith("engine.") or m == "ui.games")]
    assert not wrong, "\n".join(wrong)
