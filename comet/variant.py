"""The ``Variant``: a named, sourced, immutable rule set.

A variant is the fixed facts of one historical game (pack, deal sizes, stops, wild cards,
payments, settlement, match) in a :class:`Rules` record, plus metadata (name, year,
sources) and the named *options*: the readings chosen for each ambiguity of the sources
(``AMB-n`` in the digest).  ``variant.with_options(name=value)`` gives the same game under
another reading; the engine reads only ``variant.rules``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Mapping

from comet.cards import Card, colour_pack, joker_pack, pack_without, standard_pack
from comet.errors import InvalidDealError, InvalidOptionError, shown


# --- the rule modes: every value a mode field of :class:`Rules` may take ---------------
PackName = Literal["standard", "red", "black", "joker", "minus"]
Direction = Literal["clockwise", "anticlockwise"]
TurnModel = Literal["R", "H", "A"]
TurnAdds = Literal["one_rank", "ranks"]
HScope = Literal["deal", "sequence"]
Follow = Literal["next", "same_or_next"]
GroupKind = Literal["four", "nines", "kings"]
NineGroup = Literal["both", "natural"]
WildMode = Literal["stop", "continue", "bridge", "branch"]
HocMode = Literal["none", "stop_anytime", "wild"]
WildClaim = Literal["none", "claim", "automatic"]
Scheme = Literal["manille", "new", "modern", "commit1857", "commit1991"]
Count = Literal["pips", "cards"]
ManillePenalty = Literal["each_opponent", "winner_only"]
Opera = Literal["none", "first_turn", "first_hand", "one_turn", "one_turn_literal"]
FirstDealer = Literal["lot_lowest", "lot_1718"]
EscalationReset = Literal["dealt", "played"]


@dataclass(frozen=True)
class Rules:
    """Every switch the engine reads.  Field names double as option names.

    Defaults are the shared model of the digest (section 2.0).
    """

    # --- pack and deal -------------------------------------------------------------
    packs: tuple[PackName, ...] = ("standard",)
    """Pack names used on successive deals: ``standard``, ``red``, ``black``, ``joker``, ``minus``."""
    removed: tuple[str, ...] = ()
    """Cards taken out of a ``minus`` pack (the 8♦ of Commit and Pope Joan)."""
    removed_by_players: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """More cards out, by player count, so that the pack divides evenly (6-8 players, S0, S1)."""
    red_comet: str = "9C"
    black_comet: str = "9D"
    wild: tuple[str, ...] = ()
    """Wild cards of a single-pack game (``("9D",)`` for the manille)."""
    deal: Mapping[int, int] = field(default_factory=dict)
    """Cards per player by player count; a missing count means the whole pack dealt evenly."""
    spare_hand: bool = False
    """Deal one more hand than players, face down (Commit 1857's stops)."""
    excess_to_spare: bool = False
    min_players: int = 2
    max_players: int = 5
    direction: Direction = "clockwise"

    # --- play ----------------------------------------------------------------------
    turn_model: TurnModel = "R"
    """``R``: the player on turn runs on, then the turn rotates; ``H``: whoever holds the next card plays it;
    ``A``: the players alternate, each turn one play, then the turn passes (Yanovsky, S2, PW)."""
    turn_adds: TurnAdds = "one_rank"
    """With ``turn_model="A"``, what one turn may add: ``one_rank``, any number of cards of one rank (the
    top card's or the next, PW's "four 8s on a 7"); ``ranks``, card by card through several ranks."""
    king_stops: bool = True
    """A king always stops (PW); ``False``: S2's literal "the same rank" lets a king follow a king."""
    switch_to_h_on_wild: bool = False
    h_scope: HScope = "deal"
    in_suit: bool = False
    follow: Follow = "next"
    """``next``: each card one rank higher; ``same_or_next``: same rank or one higher (Yanovsky)."""
    groups: frozenset[GroupKind] = frozenset()
    """``four`` (four of a kind), ``nines`` (three nines with or without the comet), ``kings`` (two or three kings)."""
    nine_group: NineGroup = "both"
    wild_mode: WildMode = "stop"
    """``stop``: the wild stands for a rank and stops; ``continue``: it stands for a rank and the run goes on;
    ``bridge``: it replaces a card nobody can play; ``branch``: the run goes on from the next rank or from a ten."""
    strict_10D: bool = False
    hoc_cards: tuple[str, ...] = ()
    stop_cards: tuple[str, ...] = ()
    """Cards that are stops by rule, whether or not suits are followed (Commit 1857's 7♦, S1)."""
    hoc_mode: HocMode = "none"
    must_follow: bool = True
    must_extend: bool = True
    leader_may_pass: bool = False

    # --- payments in play ----------------------------------------------------------
    king_stop_pay: int = 0
    incidental_stop_pay: int = 0
    wild_pay: int = 0
    wild_pay_step: int = 0
    wild_claim: WildClaim = "none"
    """``claim``: the wild's payment must be claimed before the next card; ``automatic``; ``none``."""
    card_pay_ranks: tuple[int, ...] = ()
    card_pay: int = 0
    hoc_pay: int = 0
    ante: int = 0

    # --- settlement ----------------------------------------------------------------
    scheme: Scheme = "modern"
    """Settlement: ``manille`` (1718), ``new`` (1752 points), ``modern`` (pips × multipliers),
    ``commit1857`` (a chip per card), ``commit1991`` (pool, kings and comet)."""
    count: Count = "pips"
    """``pips`` (courts 10) or ``cards`` (one unit per card left)."""
    manille_penalty: ManillePenalty = "each_opponent"
    manille_penalty_amount: int = 10
    king_penalty_each: int = 0
    comet_holder_multiplier: int = 1
    comet_last_multiplier: int = 1
    comet_nine_multiplier: int = 1
    comet_holder_excused: bool = False
    king_held_pay: int = 0
    comet_held_pay: int = 0
    game_stake: int = 0
    comet_bonus: int = 0
    opera: Opera = "none"
    """``first_turn``: eldest out in the first, unbroken turn (the turn never passed, 1991, 2011);
    ``first_hand``: eldest out before anyone else plays a card (1752); ``one_turn``: a hand emptied in
    one turn, no other player laying a card meanwhile (Yanovsky); ``none``."""
    opera_multiplier: int = 2
    opera_comet_multiplier: int = 0  # an opera ended with the comet, where a source gives it (S2: ×4)
    multipliers: Literal["multiply", "largest"] = "multiply"  # several at once (AMB-45): multiplied, or the largest
    opera_draw: bool = False
    opera_draw_refund: bool = False
    """A drawn opera returns what was paid in play (``True``) or cancels the settlement only (AMB-32)."""
    carte_blanche: int = 0
    blocked_settlement: bool = False
    partnerships: bool = False

    # --- before play ---------------------------------------------------------------
    redeal_right: bool = False
    exchange: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    leftovers_pass_on: bool = False

    # --- units and match -----------------------------------------------------------
    unit: str = "chip"
    big_unit: str = ""
    big_unit_value: int = 10
    purse: int = 0
    target: int = 0
    first_dealer: FirstDealer = "lot_lowest"
    escalation_reset: EscalationReset = "dealt"

    def comet_value(self, dead_comets: int = 0) -> int:
        """What playing the comet earns from each opponent after ``dead_comets`` deals whose comet lay
        in the dead hand (the modern escalation, S0, AMB-18)."""
        return self.wild_pay + self.wild_pay_step * dead_comets

    def pack(self, name: str | None = None, players: int | None = None) -> list[Card]:
        """The cards of one pack of this game, sorted (some games remove cards by player count)."""
        name = name or self.packs[0]
        key = (name, self.red_comet, self.black_comet, self.removed,
               tuple(self.removed_by_players.get(players or 0, ())) if name == "minus" else ())
        cached = _PACKS.get(key)
        if cached is None:
            cached = _PACKS[key] = self._build_pack(name, players)
        return list(cached)

    def _build_pack(self, name: str, players: int | None) -> list[Card]:
        if name == "standard":
            return standard_pack()
        if name in ("red", "black"):
            return colour_pack(name, self.red_comet, self.black_comet)
        if name == "joker":
            return joker_pack()
        if name == "minus":
            return pack_without(self.removed + tuple(self.removed_by_players.get(players or 0, ())))
        raise InvalidDealError(f"unknown pack {name!r}; packs: standard, red, black, joker, minus")

    def wild_cards(self, name: str | None = None) -> frozenset[Card]:
        """The wild card(s) of a pack: the comet of a colour pack is its off-colour nine."""
        name = name or self.packs[0]
        if name == "red":
            return frozenset([Card.parse(self.red_comet)])
        if name == "black":
            return frozenset([Card.parse(self.black_comet)])
        if name == "joker":
            return frozenset([Card.parse("JK")])
        return frozenset(Card.parse(t) for t in self.wild)


_PACKS: dict[tuple[object, ...], list[Card]] = {}


@dataclass(frozen=True)
class Option:
    """One reading the user may change: a field of :class:`Rules` with its allowed values."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    amb: str = ""
    """The ambiguity (``AMB-8``, :mod:`comet.ambiguities`) whose reading this option switches ("" for none)."""

    def check(self, value: Any) -> Any:
        """``value`` if it is one of the choices, of the same type (``1`` is not ``True``); else an error."""
        if not any(type(value) is type(c) and value == c for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOptionError(f"option {self.name}={shown(value)} is not allowed; choose one of {allowed}")
        return value


@dataclass(frozen=True)
class Source:
    key: str
    title: str


@dataclass(frozen=True, eq=False)
class Variant:
    """A historical game: ``id``, metadata, its :class:`Rules` and the options it accepts."""

    id: str
    name: str
    year: str
    family: str
    summary: str
    sources: tuple[Source, ...]
    rules: Rules
    options: Mapping[str, Option]
    doc: str = ""
    chosen: Mapping[str, Any] = field(default_factory=dict)
    """Options set to other than their default (what the notation records)."""

    @property
    def title(self) -> str:
        """``"Modern comet (1991)"``: the name with the year, as headings and menus show it."""
        return f"{self.name} ({self.year})"

    @property
    def players(self) -> range:
        """The player counts this variant allows."""
        return range(self.rules.min_players, self.rules.max_players + 1)

    @property
    def unit(self) -> str:
        return self.rules.unit

    @property
    def option_values(self) -> dict[str, Any]:
        """Every option's current value."""
        return {name: self.chosen.get(name, option.default) for name, option in self.options.items()}

    def with_options(self, **values: Any) -> "Variant":
        """The same variant under other readings: ``v.with_options(wild_is_stop=True)``.

        Unknown names or values raise :class:`InvalidOptionError` listing what is allowed.
        """
        if not values:
            return self
        changes: dict[str, Any] = {}
        for name, value in values.items():
            option = self.options.get(name)
            if option is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise InvalidOptionError(f"{self.id} has no option {name!r}; its options are: {known}")
            changes[name] = option.check(value)
        rules = _apply(self.rules, changes)
        chosen = dict(self.chosen)
        for name, value in changes.items():
            if value == self.options[name].default:
                chosen.pop(name, None)
            else:
                chosen[name] = value
        return dataclasses.replace(self, rules=rules, chosen=chosen)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and (self.id, dict(self.chosen)) == (other.id, dict(other.chosen))

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted((k, repr(v)) for k, v in self.chosen.items()))))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in sorted(self.chosen.items()))
        return f"<Variant {self.id}{extra}>"

    def __str__(self) -> str:
        return self.id

    def deal_size(self, players: int) -> int:
        """Cards dealt to each player (the whole pack evenly when the variant says so)."""
        self.check_players(players)
        r = self.rules
        if players in r.deal:
            return r.deal[players]
        size = len(r.pack(players=players))
        hands = players + 1 if r.spare_hand else players
        return size // hands

    def dead_size(self, players: int) -> int:
        """Cards left over after the deal: talon, dead hand or spare hand."""
        return len(self.rules.pack(players=players)) - players * self.deal_size(players)

    @property
    def players_words(self) -> str:
        """``2 to 5 players``, or ``2 players`` when only one count is allowed."""
        lo, hi = self.rules.min_players, self.rules.max_players
        return f"{lo} players" if lo == hi else f"{lo} to {hi} players"

    def check_players(self, players: int) -> None:
        if players.__class__ is not int or players not in self.players:
            raise InvalidDealError(f"{self.id} is played by {self.players_words}, not {shown(players)}")


def _apply(rules: Rules, changes: Mapping[str, Any]) -> Rules:
    """Apply option values to rules; a few options expand into several fields."""
    changes = dict(changes)
    derived = _DERIVED.get
    fields: dict[str, Any] = {}
    for name, value in changes.items():
        expand = derived(name)
        if expand is None:
            fields[name] = value
        else:
            fields.update(expand(rules, value))
    return dataclasses.replace(rules, **fields)


def _wild_is_stop(rules: Rules, value: Any) -> dict[str, Any]:
    return {"wild_mode": "stop" if value else "continue"}


def _deal_table(rules: Rules, value: Any) -> dict[str, Any]:
    tables: dict[str, dict[int, int]] = {
        "even": {}, "nain_jaune": {3: 15, 4: 12, 5: 9}, "hoc": {2: 15, 3: 12}, "twelve": {2: 12, 3: 12},
    }
    return {"deal": tables[value]}


def _removed_rank(rules: Rules, value: Any) -> dict[str, Any]:
    r = "8" if value == "8" else "7"
    return {"removed_by_players": {6: (r + "S", r + "C", r + "H"), 7: (r + "S", r + "C"),
                                   8: (r + "S", r + "C", r + "H")}}


def _remove_8d(rules: Rules, value: Any) -> dict[str, Any]:
    return {"packs": ("minus",), "removed": ("8D",)} if value else {"packs": ("standard",), "removed": ()}


def _hoc_mode(rules: Rules, value: Any) -> dict[str, Any]:
    if value == "wild":
        return {"hoc_mode": "wild", "wild": ("QS", "JD"), "wild_mode": "stop"}
    return {"hoc_mode": "stop_anytime", "wild": (), "wild_mode": "stop"}


_DERIVED: dict[str, Callable[[Rules, Any], dict[str, Any]]] = {
    "wild_is_stop": _wild_is_stop,
    "deal_table": _deal_table,
    "removed_rank": _removed_rank,
    "remove_8D": _remove_8d,
    "hoc_mode": _hoc_mode,
}
"""Options that are not plain ``Rules`` fields: each maps to the fields it sets."""
