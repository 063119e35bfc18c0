"""Card kinds to faces and a deck: the physical cards a ruleset plays with."""

from __future__ import annotations

from ..model import CardKind, Face, Ruleset

MAX_DECK = 10_000
"""The most cards a deck (or its list of distinct faces) may hold. The largest real deck has
a few hundred; the bound keeps a mistyped multiplier from building millions of cards."""


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
                shown = f"{key}_{kind.modifier}" if kind.modifier else key
                out.append(Face(notation(color, shown), kind, color, frozenset({key}), key, r,
                                pts, ruleset, base))
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
    problems = _too_big(rs) + _same_keys(rs)
    if problems:
        rs.deck = []
        return problems
    for kind in rs.kinds.values():
        per_kind[kind.name] = faces_of(kind, rs.colors, rs.ident)
        for face in per_kind[kind.name]:
            if face.notation in rs.faces and rs.faces[face.notation].kind is not kind:
                problems.append((kind.name, f"card \"{kind.name}\" has the same notation "
                                 f"'{face.notation}' as \"{rs.faces[face.notation].kind.name}\""))
            rs.faces[face.notation] = face
    if rs.packs:
        rs.deck, more = _from_packs(rs)
        return problems + more
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


def _shades(kind: CardKind, colors: tuple[str, ...]) -> int:
    return len(colors if kind.colors == ("each",) else kind.colors)


def _too_big(rs: Ruleset) -> list[tuple[str, str]]:
    """Counted before anything is built, so a huge deck fails at once instead of slowly."""
    multiplier = int(rs.setting("deck_copies", 1))
    faces = cards = 0
    for kind in rs.kinds.values():
        n = _shades(kind, rs.colors) * max(len(kind.ranks), 1)
        faces += n
        if kind.replaces is None:
            cards += n * kind.copies * multiplier
        if faces > MAX_DECK or cards > MAX_DECK:
            what = "distinct cards" if faces > MAX_DECK else "cards in the deck"
            return [(kind.name, f"card \"{kind.name}\" brings the {what} past "
                     f"{MAX_DECK:,} (check its copies, ranks and colours, and deck_copies)")]
    return []


def _same_keys(rs: Ruleset) -> list[tuple[str, str]]:
    """Two cards may share a key only in different colours ('red draw4' and 'wild draw4'):
    a card's notation, colour and key, is how steps and scenarios name it."""
    owner: dict[str, list[CardKind]] = {}
    problems = []
    for kind in rs.kinds.values():
        if not kind.key or kind.ranks:
            continue
        shades = set(rs.colors if kind.colors == ("each",) else kind.colors)
        for other in owner.setdefault(kind.key, []):
            theirs = set(rs.colors if other.colors == ("each",) else other.colors)
            if shades & theirs:
                problems.append((kind.name, f"card \"{kind.name}\" has the key '{kind.key}' "
                                 f"of card \"{other.name}\""))
                break
        owner[kind.key].append(kind)
    return problems


def _replace(deck: list[Face], face: Face, suit: str) -> bool:
    for i, old in enumerate(deck):
        if old.kind.replaces is None and old.color == face.color and suit in old.suits:
            deck[i] = face
            return True
    return False


def _from_packs(rs: Ruleset) -> tuple[list[Face], list[tuple]]:
    """The deck a ruleset assembles from packs: each 'holds' line adds copies of faces.

    Every face named must exist and every pack must hold the number of cards its
    title states, so the deck the seed lists is derived, never typed in as a total.
    Each card's ``copies`` becomes its count in the deck (what lints read).
    """
    deck: list[Face] = []
    problems: list[tuple] = []
    counts: dict[str, int] = dict.fromkeys(rs.kinds, 0)
    for pack in rs.packs.values():
        held = 0
        for h in pack.holdings:
            shades = rs.colors if h.color == "each" else (h.color,)
            for color in shades:
                for key in h.keys:
                    face = rs.faces.get(notation(color, key))
                    if face is None:
                        problems.append((h.pos, f"pack '{pack.ident}' holds '{color} {key}', "
                                         "which no card of this ruleset has"))
                        continue
                    deck.extend([face] * h.count)
                    counts[face.kind.name] += h.count
                    held += h.count
        if held != pack.size:
            pos = pack.holdings[0].pos if pack.holdings else (1, 1)
            problems.append((pos, f"pack '{pack.ident}' ({pack.title}) is said to hold "
                             f"{pack.size} cards, but its lines add up to {held}"))
    for name, n in counts.items():
        rs.kinds[name].copies = n
    return deck, problems
