"""The one dispatcher: a table, and the actions applied to it.

The API follows OpenSpiel's shape (current_player, legal_actions,
apply_action, is_terminal) plus a canonical JSON observation. The state lives
in ``State``; the rules are the functions of the other engine modules; card
behaviour comes only from the ruleset's compiled effects. Nothing in the
engine imports this module.

An action runs as a coroutine (``acts.process``). When an effect asks a
player to choose, the coroutine is parked in the request, and the ``choose``
action that answers it resumes the very same action where it stopped.
"""

from __future__ import annotations

from collections.abc import Generator

from ..model import Ruleset
from . import acts, legality, observe, setup
from .state import Action, Request, State


class Game:
    def __init__(self, rs: Ruleset, seats: list[str], chance,
                 rulesets: dict[str, Ruleset] | None = None, *, tracing: bool = True):
        self.state = State(rs, seats, chance, rulesets or {rs.ident: rs}, tracing)

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.over

    def legal_actions(self, out_of_turn: bool = True) -> list[Action]:
        return legality.legal_actions(self.state, out_of_turn)

    def apply_action(self, action: Action) -> None:
        """Apply one action, or raise Illegal leaving the table untouched."""
        state = self.state
        legality.validate(state, action)
        if action.act == "choose":
            request = state.request
            assert request is not None and request.gen is not None
            answer = legality.choice_value(state, action)
            state.request = None
            state.log("choose", request.owner, f"{state.name(action.player)} chooses")
            self._drive(request.gen, answer)
        else:
            self._drive(acts.process(state, action), None)

    def _drive(self, gen: Generator, value) -> None:
        try:
            request = gen.send(value)
        except StopIteration:
            return
        assert isinstance(request, Request), request
        request.gen = gen
        self.state.request = request

    def deal(self) -> None:
        setup.deal(self.state)

    def start(self) -> None:
        self._drive(setup.start(self.state), None)

    def observation(self) -> dict:
        return observe.observation(self.state)
