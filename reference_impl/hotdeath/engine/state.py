"""Plain records the kernel keeps on the table: actions, the pending attack, choices."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Face
from ..scenario.format import REJECTION_CODES


@dataclass(frozen=True)
class Action:
    player: int
    act: str
    card: Face | None = None
    color: str | None = None
    target: int | None = None


class Illegal(Exception):
    """An action the rules forbid; carries a closed-list code and the forbidding rule."""

    def __init__(self, code: str, message: str, role: str = ""):
        assert code in REJECTION_CODES, code
        self.code = code
        self.message = message
        self.role = role
        super().__init__(f"{code}: {message}")


class Unscripted(Exception):
    """The game needs a random outcome or decision that its inputs did not provide."""


@dataclass
class Contribution:
    player: int
    card: Face | None
    amount: int
    group: str | None
    tags: frozenset[str]
    draw_class: str
    held_color: bool = False


@dataclass
class Attack:
    """The pending attack: an amount aimed at a target, with its history."""

    target: int
    origin: int
    sender: int
    resume: str
    contributions: list[Contribution] = field(default_factory=list)

    @property
    def amount(self) -> int:
        return sum(c.amount for c in self.contributions)

    @property
    def top(self) -> Contribution:
        return self.contributions[-1]

    @property
    def last_stacker(self) -> int:
        return self.top.player

    @property
    def group(self) -> str | None:
        for c in reversed(self.contributions):
            if c.group:
                return c.group
        return None


@dataclass
class Choice:
    """A decision the rules hand to a player outside a play (e.g. a first-card Wild)."""

    chooser: int
    what: str
    owner: str
    then_turn: int
