"""Regenerate the worked transcript in conformance/PROTOCOL.md (section 6).

    .venv/bin/python conformance/tools/transcript.py

It records the real conversation of the harness with the reference on one
scenario and writes it into the document; tests/test_protocol.py replays the
document against `hotdeath serve`, so the two cannot drift apart.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hotdeath.serve import InProcessClient
from hotdeath_harness.corpus import load_corpus
from hotdeath_harness.runner import run_scenario
from hotdeath_harness.session import Session

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "conformance" / "PROTOCOL.md"
# Each worked transcript of section 6: the heading that opens its block, and its scenario.
TRANSCRIPTS = (
    ("## 6. A worked transcript", ROOT / "conformance/scenarios/classic/draw2-no-stacking.scn"),
    ("### 6.2 A choice and a chance event (protocol 1.1)",
     ROOT / "conformance/scenarios/hot-death-v3/gold-coin-shares.scn"),
    ("### 6.3 The legal moves (protocol 2.0)",
     ROOT / "conformance/scenarios/classic/legal-moves-after-drawing.scn"),
)


class Recorder:
    """Passes messages to the reference and keeps both sides as protocol lines."""

    def __init__(self) -> None:
        self.inner = InProcessClient()
        self.lines: list[str] = []

    def request(self, message: dict, timeout: float) -> object:
        answer = self.inner.request(message, timeout)
        self.lines += ["> " + _compact(message), "< " + _compact(answer)]
        return answer

    def close(self) -> None:
        self.lines.append('> {"cmd":"stop"}')


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def record(scenario: Path) -> str:
    recorder = Recorder()
    session = Session.open(recorder, 10)
    result = run_scenario(session, load_corpus(scenario)[0].data)
    assert result.status == "pass", result
    session.close()
    return "\n".join(recorder.lines) + "\n"


def main() -> None:
    doc = DOC.read_text()
    new = doc
    for heading, scenario in TRANSCRIPTS:
        text = record(scenario)
        new = re.sub("(" + re.escape(heading) + r".*?```text\n)(.*?)(```)",
                     lambda m, t=text: m.group(1) + t + m.group(3), new, count=1,
                     flags=re.DOTALL)
    DOC.write_text(new)
    print("PROTOCOL.md transcripts " + ("updated" if new != doc else "unchanged"))


if __name__ == "__main__":
    main()
