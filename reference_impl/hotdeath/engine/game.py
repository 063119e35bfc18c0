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
from . import acts, choices, express, listing, observe, setup, stall, validation
from .state import Action, Request, State

stall.listing = listing.legal_actions  # what a stopped hand asks: had the player a move?


class Game:
    def __init__(self, rs: Ruleset, seats: list[str], chance,
                 rulesets: dict[str, Ruleset] | None = None, *, tracing: bool = True):
        self.state = State(rs, seats, chance, rulesets or {rs.ident: rs}, tracing)
        self._moves = 0  # actions applied so far
        # the moves listed last: (actions applied before, the list, listed on the express lane)
        self._listed: tuple[int, list[Action], bool] = (-1, [], False)
        # after how many actions the express lane is known to be open: an action it applied
        # leaves it open (it touches nothing ``express.is_open`` reads, nor do the verbs of
        # rules whose verbs all keep the lane; the table changes only through this class,
        # and a change outside it would not be noticed here), every hand holding a card and
        # two players in the game (it found them so, and it empties no hand)
        self._open_at = -1

    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.over

    def legal_actions(self, out_of_turn: bool = True) -> list[Action]:
        state = self.state
        lane = self._open_at == self._moves or express.is_open(state)
        actions = None
        if lane:  # (express.listing, without its call: this runs at every step)
            actions = express.answers(state) if state.pending else express.turn_actions(state)
        if actions is None:
            actions = listing.legal_actions(state, out_of_turn)
        elif out_of_turn:
            actions.extend(listing.out_of_turn_actions(state))
        self._listed = (self._moves, actions, lane)
        return actions

    def apply_action(self, action: Action) -> None:
        """Apply one action, or raise Illegal leaving the table untouched.

        An action in the list ``legal_actions`` just returned (no other action
        applied since) is known to be legal and is not validated again. An
        action equal to a listed one is that action: its fields compare equal
        and its cards are the very same objects (cards compare by identity).
        Where the express lane was open when the action was listed (nothing has
        changed since), it applies what it can (``express``). Else an action that
        asks nothing and sets nothing off is applied by ``acts.quick`` in one
        call; any other runs as a coroutine (``process``).
        """
        state = self.state
        moves, listed, lane = self._listed
        if moves != self._moves or action not in listed:
            validation.validate(state, action)
            lane = False
        self._moves += 1
        if lane:  # nothing is asked: no choice to make
            if state.pending:
                gen = express.respond(state, action)
            else:
                done = express.apply(state, action, self._open_at == moves)
                if done:
                    self._open_at = self._moves
                    return
                if done is None and acts.quick(state, action):
                    return
                gen = express.play(state, action) if action.act == "play" else None
            if gen is True:  # applied by the express lane
                if state._derived[1].keeps_lane:  # by verbs that cannot close it either
                    self._open_at = self._moves
                return
            if gen is None:
                gen = acts.process(state, action)
            self._park(gen, next(gen, None))
        elif action.act == "choose":
            request = state.request
            assert request is not None and request.gen is not None
            answer = choices.choice_value(state, action)
            state.request = None
            state.log("choose", request.owner, f"{state.name(action.player)} chooses")
            self._resume(request.gen, answer)
        elif not acts.quick(state, action):
            gen = acts.process(state, action)
            request = next(gen, None)  # see _drive
            if request is not None:
                self._park(gen, request)

    def _drive(self, gen: Generator) -> None:
        """Run an action until it ends or asks a player to choose.

        ``next(gen, None)`` rather than ``send``: an action that ends without
        asking (nearly every one) then raises no StopIteration to catch.
        """
        self._park(gen, next(gen, None))

    def _resume(self, gen: Generator, answer) -> None:
        """Go on with a parked action, given the player's answer."""
        try:
            request = gen.send(answer)
        except StopIteration:
            return
        self._park(gen, request)

    def _park(self, gen: Generator, request) -> None:
        if request is None:
            return  # the action ended
        assert isinstance(request, Request), request
        request.gen = gen
        self.state.request = request

    def deal(self) -> None:
        setup.deal(self.state)

    def start(self) -> None:
        self._drive(setup.start(self.state))

    def choose_dealer(self) -> None:
        setup.choose_dealer(self.state)

    def next_hand(self) -> None:
        """Start the next hand of a match, or raise Illegal if this one is not over."""
        validation.check_next_hand(self.state)
        self._drive(setup.next_hand(self.state))

    def observation(self) -> dict:
        return observe.observation(self.state)
