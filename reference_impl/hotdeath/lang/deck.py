"""Card kinds to faces and a deck: the physical cards a ruleset plays with."""

from __future__ import annotations

from ..model import CardKind, Face, Ruleset


def notation(color: str, key: str) -> str:
    return color if color == key else f"{color} {key}"


def faces_of(kind: CardKind, colors: tuple[str, ...], ruleset: str) -> list[Face]:
    shades = colors if kind.colors == ("each",) else kind.colors
    out = []
    for color in shades:
        base = notation(color, kind.replaces) if kind.replaces else None
        if kind.ranks:
            for r in kind.ranks:
                key = str(r)
                pts = r if kind.points == "face" else kind.points
                out.append(Face(notation(color, key), kind, color, frozenset({key}), key, r, pts,
                                ruleset, base))
        else:
            out.append(Face(notation(color, kind.key), kind, color, frozenset(kind.suits),
                            kind.text, kind.number, kind.points, ruleset, base))
    return out


def build_faces(rs: Ruleset) -> list[tuple[str, str]]:
    """Intern one Face per distinct card and lay out the full deck.

    Returns problems as (card name, message): a card that replaces more plain
    cards than the deck holds is an error, never a silent addition.
    """
    rs.faces = {}
    per_kind: dict[str, list[Face]] = {}
    problems = []
    for kind in rs.kinds.values():
        per_kind[kind.name] = faces_of(kind, rs.colors, rs.ident)
        for face in per_kind[kind.name]:
            if face.notation in rs.faces and rs.faces[face.notation].kind is not kind:
                problems.append((kind.name, f"card \"{kind.name}\" has the same notation "
                                 f"'{face.notation}' as \"{rs.faces[face.notation].kind.name}\""))
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
                    if not _replace(deck, face, kind.replaces):
                        problems.append((kind.name, f"card \"{kind.name}\" replaces more "
                                         f"'{face.base}' cards than the deck holds"))
                        break
    rs.deck = deck
    return problems


def _replace(deck: list[Face], face: Face, suit: str) -> bool:
    for i, old in enumerate(deck):
        if old.kind.replaces is None and old.color == face.color and suit in old.suits:
            deck[i] = face
            return True
    return False
