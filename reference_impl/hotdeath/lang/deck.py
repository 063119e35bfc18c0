"""Card kinds to faces and a deck: the physical cards a ruleset plays with."""

from __future__ import annotations

from ..model import CardKind, Face, Ruleset


def notation(color: str, key: str) -> str:
    return color if color == key else f"{color} {key}"


def faces_of(kind: CardKind, colors: tuple[str, ...]) -> list[Face]:
    shades = colors if kind.color == "each" else (kind.color,)
    out = []
    for color in shades:
        if kind.ranks:
            for r in kind.ranks:
                key = str(r)
                pts = r if kind.points == "face" else kind.points
                out.append(Face(notation(color, key), kind, color, frozenset({key}), key, r, pts))
        else:
            out.append(Face(notation(color, kind.key), kind, color, frozenset(kind.suits),
                            kind.text, kind.number, kind.points))
    return out


def build_faces(rs: Ruleset) -> None:
    """Intern one Face per distinct card and lay out the full deck."""
    rs.faces = {}
    per_kind: dict[str, list[Face]] = {}
    for kind in rs.kinds.values():
        per_kind[kind.name] = faces_of(kind, rs.colors)
        for face in per_kind[kind.name]:
            rs.faces[face.notation] = face
    multiplier = int(rs.setting("deck_copies", 1))
    deck: list[Face] = []
    for kind in rs.kinds.values():
        if kind.replaces is None:
            for face in per_kind[kind.name]:
                deck.extend([face] * kind.copies * multiplier)
    for kind in rs.kinds.values():
        if kind.replaces is not None:
            for face in per_kind[kind.name]:
                for _ in range(kind.copies):
                    _replace(deck, face, kind.replaces)
    rs.deck = deck


def _replace(deck: list[Face], face: Face, suit: str) -> None:
    for i, old in enumerate(deck):
        if old.kind.replaces is None and old.color == face.color and suit in old.suits:
            deck[i] = face
            return
    deck.append(face)
