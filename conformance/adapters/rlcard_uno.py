#!/usr/bin/env python3
"""Conformance adapter for RLCard's UNO game (``rlcard.games.uno``, PyPI ``rlcard``).

It speaks the hotdeath conformance protocol (conformance/PROTOCOL.md) on stdin
and stdout, so the harness can check RLCard against the classic corpus without
importing either side. It is written as any third party could write it: it
imports only the standard library and rlcard.

Its whole job is translation. It lays a closed-world table out in RLCard's own
objects (``UnoDealer``, ``UnoPlayer``, ``UnoRound``, ``UnoGame``), applies each
move through ``UnoGame.step`` with RLCard's action strings, accepts a move only
when ``UnoRound.get_legal_actions`` lists it, and reports RLCard's state as it
is. It speaks protocol 2.0 so that RLCard is judged on the rules alone: it
declares the attack model RLCard has (``"attacks": "immediate"``: a Draw Two or
Wild Draw Four is dealt as it is played, so the harness sends no ``accept``), it
answers ``legal`` with RLCard's own legal actions, and its refusals carry no code
(``"codes": false``), since RLCard only knows "legal or not". Where RLCard's model
differs from the suite's in the rules (it plays a drawn card by itself, offers a
Wild Draw Four only when nothing else can be played), the observation shows what
RLCard really did, so the harness reports the difference instead of the adapter
hiding it. See conformance/adapters/README.md and conformance/COOKBOOK.md.
"""

from __future__ import annotations

import importlib.metadata
import json
import sys
from collections import deque
from typing import Any

# The protocol owns stdout: one JSON line per request and nothing else. Anything
# rlcard (or numpy) might print goes to stderr, which the harness keeps as a log.
_PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr

from rlcard.games.uno import Dealer, Game, Player, Round  # noqa: E402
from rlcard.games.uno.card import UnoCard  # noqa: E402
from rlcard.utils.seeding import np_random  # noqa: E402

PROTOCOL = "2.0"
SEED = 20240601  # one fixed seed per load: every run makes the same "random" choices
HAND_SIZE = 7  # UnoGame.init_game deals seven cards to each player

COLOURS = {"red": "r", "green": "g", "blue": "b", "yellow": "y"}
COLOUR_NAMES = {short: name for name, short in COLOURS.items()}
TRAITS = {**{str(n): str(n) for n in range(10)},
          "skip": "skip", "reverse": "reverse", "draw2": "draw_2"}
KEYS = {trait: key for key, trait in TRAITS.items()}
WILDS = {"wild": "wild", "wild draw4": "wild_draw_4"}
WILD_NAMES = {trait: name for name, trait in WILDS.items()}

# Acts RLCard's UNO has no notion of: it has no Uno call, no catch, no Wild Draw
# Four challenge and no out-of-turn play (UnoGame.step always acts for the
# current player). A scenario that uses one cannot be expressed, so it is skipped.
UNSUPPORTED_ACTS = {
    "uno": "RLCard's UNO has no Uno call",
    "catch": "RLCard's UNO has no Uno call, so nobody can be caught",
    "challenge": "RLCard's UNO has no Wild Draw Four challenge",
    "jump_in": "RLCard's UNO has no out-of-turn play: UnoGame.step acts for the current player",
}


class Skip(Exception):
    """The scenario asks for something RLCard cannot express; answered ``skipped``."""


class Reject(Exception):
    """RLCard does not allow the move; answered ``rejected`` without a code.

    RLCard knows only whether an action is legal (UnoRound.get_legal_actions), so the
    adapter declares ``"codes": false`` and does not re-derive the protocol's codes: the
    message says, for people, what RLCard refused and why.
    """


class ScriptedRandom:
    """The random source handed to RLCard in place of its numpy ``RandomState``.

    RLCard threads one ``np_random`` object through its dealer and round and calls
    only ``shuffle`` and ``choice`` on it, so this is where the protocol's scripted
    shuffles (``table.shuffles`` and ``chance`` steps) enter RLCard's own shuffle
    calls. Once the table is laid out (``strict``), a shuffle nobody scripted is an
    error (PROTOCOL.md 3.8). ``choice`` (RLCard's random colour for a wild it plays
    by itself) comes from a RandomState seeded by RLCard's own seeding helper, so it
    is the same on every run.
    """

    def __init__(self, seed: int):
        self._rng, _ = np_random(seed)
        self._scripts: deque[list[str]] = deque()
        self.strict = False

    def script(self, order: list[str]) -> None:
        """Remember the result (top card first) of the next shuffle RLCard performs."""
        self._scripts.append(list(order))

    def has_script(self) -> bool:
        return bool(self._scripts)

    def choice(self, options: list[str]) -> str:
        return str(self._rng.choice(options))

    def shuffle(self, deck: list[UnoCard]) -> None:
        """Shuffle in place; RLCard's deck is drawn from the end, so the top is last."""
        if not self._scripts:
            if self.strict:  # PROTOCOL.md 3.8: an unscripted shuffle is an error, not a guess
                raise RuntimeError("RLCard shuffles here (UnoDealer.shuffle), and the scenario "
                                   "scripts no shuffle for it")
            self._rng.shuffle(deck)  # UnoDealer's own 108 cards, replaced by the table's
            return
        deck[:] = _arrange(deck, self._scripts.popleft())


def _arrange(deck: list[UnoCard], order: list[str]) -> list[UnoCard]:
    """The deck laid out as the script says, top card first.

    The script names the cards the reference shuffles. RLCard may shuffle other
    cards too (UnoRound.replace_deck also takes the card in play): those go
    below the scripted ones in their present order. Every result is still one
    RLCard's real shuffle could produce, so nothing is invented.
    """
    pool, top_first = list(deck), []
    for name in order:
        found = next((c for c in pool if card_name(c) == name), None)
        if found is None:
            print(f"scripted shuffle: RLCard is not shuffling a '{name}'", file=sys.stderr)
            continue
        pool.remove(found)
        top_first.append(found)
    if pool:
        print(f"scripted shuffle: RLCard also shuffles {[card_name(c) for c in pool]}; "
              "they go under the scripted cards", file=sys.stderr)
    return pool + top_first[::-1]


# ---------------------------------------------------------------- cards


def make_card(name: str) -> UnoCard:
    """The RLCard card for a protocol card name (``red 5`` -> ``r-5``, ``wild`` -> wild)."""
    if name in WILDS:
        # RLCard stores the colour a wild names on the card when it is played
        # (UnoRound.proceed_round); in hand the colour means nothing.
        return UnoCard("wild", "r", WILDS[name])
    colour, _, key = name.partition(" ")
    if colour not in COLOURS or key not in TRAITS:
        raise Skip(f"RLCard's UNO has no card '{name}'")
    kind = "number" if key.isdigit() else "action"
    return UnoCard(kind, COLOURS[colour], TRAITS[key])


def card_name(card: UnoCard) -> str:
    """The protocol name of an RLCard card; a wild's chosen colour is not part of it."""
    if card.type == "wild":
        return WILD_NAMES[card.trait]
    return f"{COLOUR_NAMES[str(card.color)]} {KEYS[card.trait]}"


# ---------------------------------------------------------------- the table


class Adapted:
    """One loaded scenario: RLCard's game and how its player ids map to seats.

    RLCard numbers players from 0 and treats player 0 as the first to act, left
    of the dealer (UnoGame.init_game, UnoRound.perform_top_card), with direction
    +1 going to higher ids. So id ``i`` is the ``i``-th seat clockwise from the
    player who acts first, and RLCard's fixed ids keep their meaning.
    """

    def __init__(self, table: dict[str, Any]):
        self.seats: list[str] = list(table["players"])
        first = self.seats.index(_first_player(table))
        n = len(self.seats)
        self.order = [self.seats[(first + i) % n] for i in range(n)]
        self.rng = ScriptedRandom(SEED)
        self.game = _new_game(n, self.rng)
        self.rng.strict = True

    @property
    def round(self) -> Round:
        return self.game.round

    def pid(self, name: str) -> int:
        return self.order.index(name)


def _first_player(table: dict[str, Any]) -> str:
    seats = table["players"]
    for key in ("dealer", "turn"):
        if key in table and table[key] not in seats:
            raise Skip(f"table.{key} '{table[key]}' is not one of the players")
    if "turn" in table:
        return table["turn"]
    dealer = seats.index(table.get("dealer", seats[-1]))
    return seats[(dealer + 1) % len(seats)]


def _new_game(n: int, rng: ScriptedRandom) -> Game:
    """An UnoGame with its parts built by hand: init_game would deal a random deck."""
    game = Game(num_players=n)
    game.np_random = rng
    game.dealer = Dealer(rng)  # builds and shuffles RLCard's 108 cards; replaced in load
    game.players = [Player(i, rng) for i in range(n)]
    game.round = Round(game.dealer, n, rng)
    game.history = []
    return game


def load(table: dict[str, Any], options: list[str]) -> Adapted:
    """Lay the closed-world table out in RLCard's objects, then run its set-up steps."""
    _check_supported(table, options)
    adapted = Adapted(table)
    game, rnd = adapted.game, adapted.round
    game.dealer.deck = [make_card(c) for c in reversed(table.get("pile", []))]
    for pid, name in enumerate(adapted.order):
        game.players[pid].hand = [make_card(c) for c in table["hands"].get(name, [])]
    rnd.played_cards = [make_card(c) for c in reversed(table.get("discard", []))]
    rnd.target = _target(table, rnd.played_cards)
    rnd.direction = -1 if table.get("direction") == "counterclockwise" else 1
    rnd.current_player = 0
    for order in table.get("shuffles", []):
        adapted.rng.script(order)
    for procedure in table.get("setup", []):
        SETUP[procedure](adapted)
    return adapted


def _check_supported(table: dict[str, Any], options: list[str]) -> None:
    if options:
        raise Skip(f"RLCard's UNO has no options ({', '.join(options)})")
    if any(table.get("fields", {}).values()):
        raise Skip("RLCard's UNO has no face-up cards in front of players")
    if any(table.get("scores", {}).values()):
        raise Skip("RLCard's UNO keeps no scores, so it cannot start from non-zero ones")
    unknown = [p for p in table.get("setup", []) if p not in SETUP]
    if unknown:
        raise Skip(f"unknown set-up procedure(s): {', '.join(unknown)}")
    strangers = [p for p in table["hands"] if p not in table["players"]]
    if strangers:
        raise Skip(f"hands for players not at the table: {', '.join(strangers)}")
    if not table.get("discard") and "flip" not in table.get("setup", []):
        raise Skip("RLCard always has a card in play (UnoRound.target); this table has none")


def _target(table: dict[str, Any], played: list[UnoCard]) -> UnoCard | None:
    """The card in play, which in RLCard also carries the colour in force."""
    if not played:
        return None
    top, colour = played[-1], table.get("color")
    if top.type == "wild":
        if colour not in COLOURS:
            raise Skip(f"a {card_name(top)} in play needs one of the four colours, "
                       f"got {colour!r}")
        top.color = COLOURS[colour]
    elif colour is not None and COLOURS.get(colour) != top.color:
        raise Skip("RLCard keeps the colour in force on the card in play, so it cannot "
                   f"have {colour} in force on a {card_name(top)}")
    return top


def _deal(adapted: Adapted) -> None:
    """Deal as UnoGame.init_game does: seven cards to each player in turn, from id 0.

    The shuffle that precedes it is RLCard's own (UnoDealer.shuffle) fed with the
    scripted order; with no script the pile is dealt as laid out, since the
    closed-world pile already is the shuffled deck. RLCard deals a whole hand at a
    time (UnoDealer.deal_cards(player, 7)), so the deck is first put in the order
    that makes its block deal give each player the cards dealing one at a time
    round the table gives (PROTOCOL.md 3.8): a shuffled deck dealt either way is
    the same deal.
    """
    game = adapted.game
    if adapted.rng.has_script():
        game.dealer.shuffle()
    game.dealer.deck = _for_block_deal(game.dealer.deck, len(game.players), HAND_SIZE)
    for player in game.players:
        game.dealer.deal_cards(player, HAND_SIZE)


def _for_block_deal(deck: list[UnoCard], players: int, size: int) -> list[UnoCard]:
    """The deck (drawn from its end) reordered so that dealing ``size`` cards to each
    player in one go hands out what one card at a time round the table would."""
    if len(deck) < players * size:
        raise Skip(f"RLCard deals {size} cards to each of {players} players, "
                   f"and the pile has {len(deck)}")
    top_first = deck[::-1]
    dealt = [top_first[seat + players * k] for seat in range(players) for k in range(size)]
    return (dealt + top_first[players * size:])[::-1]


def _flip(adapted: Adapted) -> None:
    """Turn up the first card and apply it, with UnoGame.init_game's two calls.

    A Draw Two turned up makes player 0 draw at once (UnoRound.perform_top_card): no
    attack waits, as after a played one (the attack model 'immediate').
    """
    game = adapted.game
    if game.dealer.deck and all(c.trait == "wild_draw_4" for c in game.dealer.deck):
        raise Skip("UnoDealer.flip_top_card would loop forever on a pile of Wild Draw Fours")
    top = game.round.flip_top_card()
    game.round.perform_top_card(game.players, top)


SETUP = {"deal": _deal, "flip": _flip}


# ---------------------------------------------------------------- the observation


def observe(adapted: Adapted) -> dict[str, Any]:
    """The protocol's observation, read off RLCard's state; RLCard has no other phases."""
    game, rnd = adapted.game, adapted.round
    winner = adapted.order[rnd.winner[0]] if rnd.winner else None
    target = rnd.target
    return {
        "players": adapted.seats,
        "eliminated": [],
        "phase": "over" if rnd.is_over else "turn",
        "turn": adapted.order[rnd.current_player],
        "direction": "clockwise" if rnd.direction == 1 else "counterclockwise",
        "color": COLOUR_NAMES[str(target.color)] if target is not None else None,
        "top": card_name(target) if target is not None else None,
        "hands": {s: [card_name(c) for c in game.players[adapted.pid(s)].hand]
                  for s in adapted.seats},
        "field": {s: [] for s in adapted.seats},
        "pile_count": len(game.dealer.deck),
        "discard_count": len(rnd.played_cards),
        "pending": None,  # RLCard never leaves an attack waiting: it deals the cards at once
        "uno_pending": [],
        "scores": {s: 0 for s in adapted.seats},
        "round_winner": winner,
        "winner": winner,  # an UnoGame is one hand: it is over when someone goes out
    }


# ---------------------------------------------------------------- moves


def apply(adapted: Adapted, step: dict[str, Any]) -> None:
    """Play one step through RLCard; raises Reject or Skip when it cannot be played."""
    if "chance" in step:
        adapted.rng.script(step["chance"].get("shuffle", []))
    elif step.get("do"):
        apply_move(adapted, step["do"])


def apply_move(adapted: Adapted, do: dict[str, Any]) -> None:
    act, who = do["act"], do["player"]
    if act in UNSUPPORTED_ACTS:
        raise Skip(UNSUPPORTED_ACTS[act])
    if adapted.game.is_over():
        raise Reject("the UnoGame is over: a player has gone out")
    if act not in MOVES:
        raise Reject(f"RLCard's UNO has no act '{act}'")
    if who not in adapted.seats:
        raise Reject(f"no player '{who}' at this table")
    MOVES[act](adapted, adapted.pid(who), do)


def _require_turn(adapted: Adapted, pid: int) -> None:
    current = adapted.round.current_player
    if pid != current:
        raise Reject(f"it is {adapted.order[current]}'s turn, "
                     f"not {adapted.order[pid]}'s")


def _legal(adapted: Adapted, pid: int) -> list[str]:
    return adapted.round.get_legal_actions(adapted.game.players, pid)


def _play(adapted: Adapted, pid: int, do: dict[str, Any]) -> None:
    _require_turn(adapted, pid)
    hand = adapted.game.players[pid].hand
    card = next((c for c in hand if card_name(c) == do["card"]), None)
    if card is None:
        raise Reject(f"{adapted.order[pid]} holds no {do['card']}")
    _advance(adapted, _action_for(adapted, pid, card, do.get("color")))


def _action_for(adapted: Adapted, pid: int, card: UnoCard, colour: str | None) -> str:
    """RLCard's action string for playing ``card``, if get_legal_actions allows it."""
    legal = _legal(adapted, pid)
    if card.type != "wild":
        if card.str not in legal:
            raise Reject(f"{card_name(card)} is not among RLCard's legal "
                         f"actions {legal}")
        return card.str
    if not any(a.endswith("-" + card.trait) for a in legal):
        raise Reject(f"RLCard allows a {card_name(card)} only when no other "
                     f"card can be played (UnoRound.get_legal_actions: "
                     f"{legal})")
    if colour is None:
        raise Reject(f"a {card_name(card)} must name a colour")
    if colour not in COLOURS:
        raise Reject(f"'{colour}' is not one of RLCard's four colours")
    return f"{COLOURS[colour]}-{card.trait}"


def _draw(adapted: Adapted, pid: int, do: dict[str, Any]) -> None:
    _require_turn(adapted, pid)
    legal = _legal(adapted, pid)
    if "draw" not in legal:
        raise Reject("RLCard lets a player draw only when no card in hand "
                     f"can be played (UnoRound.get_legal_actions: {legal})")
    _advance(adapted, "draw")


def _pass(adapted: Adapted, pid: int, do: dict[str, Any]) -> None:
    _require_turn(adapted, pid)
    raise Reject("RLCard has no pass: its draw ends the turn by itself, "
                 "so a player still on turn has not drawn")


def _accept(adapted: Adapted, pid: int, do: dict[str, Any]) -> None:
    """RLCard never leaves an attack waiting: it deals a Draw Two's or Wild Draw Four's
    cards when it is played and moves the turn past the victim
    (UnoRound._preform_non_number_action). The adapter declares that attack model
    (``"attacks": "immediate"``), so the harness does not send the victim's ``accept``
    of such an attack; one that comes anyway has nothing to accept."""
    raise Reject(f"no attack is waiting for {adapted.order[pid]}: RLCard deals an "
                 "attack's cards as it is played")


def _choose(adapted: Adapted, pid: int, do: dict[str, Any]) -> None:
    raise Reject("RLCard never waits for a colour: a wild names it when "
                 "played, and a wild turned up first gets a random one")


MOVES = {"play": _play, "draw": _draw, "pass": _pass, "accept": _accept, "choose": _choose}


def _advance(adapted: Adapted, action: str) -> None:
    """Apply an action RLCard lists as legal, through its own UnoGame.step."""
    adapted.game.step(action)


# ---------------------------------------------------------------- the legal moves


def legal_moves(adapted: Adapted) -> list[dict[str, Any]]:
    """Every move RLCard allows now, in the protocol's notation (PROTOCOL.md 3.7).

    They are RLCard's own legal actions (UnoRound.get_legal_actions, as UnoGame
    .get_legal_actions asks them) for the current player, the only one who may act:
    RLCard has no out-of-turn play. ``r-5`` is a play of red 5, ``g-wild`` a Wild naming
    green (one move per colour), ``draw`` a draw; copies of a card are one move.
    """
    if adapted.game.is_over():
        return []
    pid = adapted.round.current_player
    who, moves = adapted.order[pid], []
    for action in _legal(adapted, pid):
        move = _move(who, action)
        if move not in moves:
            moves.append(move)
    return moves


def _move(who: str, action: str) -> dict[str, Any]:
    if action == "draw":
        return {"player": who, "act": "draw"}
    colour, _, trait = action.partition("-")
    if trait in WILD_NAMES:
        return {"player": who, "act": "play", "card": WILD_NAMES[trait],
                "color": COLOUR_NAMES[colour]}
    return {"player": who, "act": "play", "card": f"{COLOUR_NAMES[colour]} {KEYS[trait]}"}


# ---------------------------------------------------------------- the protocol


def hello() -> dict[str, Any]:
    version = importlib.metadata.version("rlcard")
    return {
        "protocol": PROTOCOL,
        "implementation": {
            "name": "rlcard-uno-adapter", "version": version, "language": "python",
            "homepage": "https://github.com/datamllab/rlcard",
            "notes": f"adapts rlcard.games.uno (rlcard {version}) through "
                     "conformance/adapters/rlcard_uno.py",
        },
        "rulesets": {"classic": {"options": []}},
        "features": ["setup", "shuffle", "legal_moves"],
        # RLCard deals an attack's cards as it is played (there is nothing to answer it
        # with in classic), and knows only whether an action is legal: PROTOCOL.md 3.1.
        "attacks": "immediate",
        "codes": False,
    }


class Server:
    """One process's conversation: the current scenario and the answer to each request."""

    def __init__(self) -> None:
        self.adapted: Adapted | None = None

    def answer(self, req: dict[str, Any]) -> dict[str, Any]:
        try:
            return self._dispatch(req)
        except Skip as skip:
            return {"outcome": "skipped", "reason": str(skip)}
        except Exception as exc:  # never crash: the harness reports it as an error
            return {"outcome": "errored", "message": f"{type(exc).__name__}: {exc}"}

    def _dispatch(self, req: dict[str, Any]) -> dict[str, Any]:
        cmd = req.get("cmd")
        if cmd == "hello":
            return hello()
        if cmd == "load":
            self.adapted = None
            self.adapted = load(req["table"], req.get("options", []))
            return {"outcome": "loaded", "observation": observe(self.adapted)}
        if cmd == "step":
            return self._step(req["step"])
        if cmd == "legal":
            if self.adapted is None:
                raise RuntimeError("legal before a table was loaded")
            return {"outcome": "listed", "moves": legal_moves(self.adapted)}
        raise ValueError(req.get("error") or f"unknown command {cmd!r}")

    def _step(self, step: dict[str, Any]) -> dict[str, Any]:
        if self.adapted is None:
            raise RuntimeError("step before a table was loaded")
        try:
            apply(self.adapted, step)
        except Reject as rej:
            return {"outcome": "rejected", "message": str(rej),
                    "observation": observe(self.adapted)}
        return {"outcome": "accepted", "observation": observe(self.adapted)}


def main() -> int:
    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except json.JSONDecodeError as err:
            req = {"cmd": None, "error": f"not JSON: {err}"}
        if not isinstance(req, dict):
            req = {"cmd": None, "error": "a request must be a JSON object"}
        if req.get("cmd") == "stop":
            break
        answer = server.answer(req)
        if isinstance(req.get("seq"), int):
            answer = {"seq": req["seq"], **answer}  # the schema requires the echo
        _PROTOCOL_OUT.write(json.dumps(answer) + "\n")
        _PROTOCOL_OUT.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
