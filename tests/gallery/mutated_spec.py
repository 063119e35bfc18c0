"""The reference with one rule of one ruleset changed: a wrong implementation that is right
everywhere else, for proving ``hotdeath fuzz`` finds a fault nobody wrote a scenario for.

    python tests/gallery/mutated_spec.py FAULT

It copies the bundled rules file, changes the one line FAULT names (checking
that it is there exactly once, so a change to the spec cannot silently make
it a no-op), and serves the copy (``hotdeath serve --spec``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from hotdeath.resources import spec_dir

FAULTS = {
    # a Draw Two makes the next player draw three
    "draw-three": ("classic.hd", "  on play { attack(2) }\n", "  on play { attack(3) }\n"),
    # a Skip played skips two players
    "skip-two": ("classic.hd", "  on play { skip(1) }\n", "  on play { skip(2) }\n"),
}


def mutated(fault: str, folder: Path) -> Path:
    name, old, new = FAULTS[fault]
    text = (Path(spec_dir()) / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{fault}: the line to change is not in {name} exactly once"
    path = folder / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="hotdeath-mutant-"))
    path = mutated(sys.argv[1], folder)
    os.execvp(sys.executable, [sys.executable, "-m", "hotdeath", "serve", "--spec", str(path)])


if __name__ == "__main__":
    main()
