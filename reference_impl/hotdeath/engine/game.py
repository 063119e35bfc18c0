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
        self._moves = 0  # actions applied so far
        self._listed: tuple[int, list[Action], set[int]] = (-1, [], set())

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.over

    def legal_actions(self, out_of_turn: bool = True) -> list[Action]:
        actions = legality.legal_actions(self.state, out_of_turn)
        self._listed = (self._moves, actions, {id(a) for a in actions})
        return actions

    def apply_action(self, action: Action) -> None:
        """Apply one action, or raise Illegal leaving the table untouched.

        An action taken from the list ``legal_actions`` just returned (no other
        action applied since) is known to be legal and is not validated again.
        """
        state = self.state
        moves, _, listed = self._listed
        if moves != self._moves or id(action) not in listed:
            legality.validate(state, action)
        self._moves += 1
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

    def choose_dealer(self) -> None:
        setup.choose_dealer(self.state)

    def next_hand(self) -> None:
        """Start the next hand of a match, or raise Illegal if this one is not over."""
        legality.check_next_hand(self.state)
        self._drive(setup.next_hand(self.state), None)

    def observation(self) -> dict:
        return observe.observation(self.state)
