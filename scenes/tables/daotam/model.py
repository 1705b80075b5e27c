"""What the Đạo Tâm table shows and what the viewer has picked, without pygame.

The drawn state is read from the engine's view each frame (it is small); this model
keeps only what the view does not hold: the viewer's picked claim cards, the keyboard
focus, the last call/claim shown in the centre and a short public log line."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.daotam.effects import KINDS

CALLS = ("cuong", "nhu")


def hand_cards(hand: tuple[int, int, int] | None) -> list[str]:
    """A hand as a list of kind names in a stable order (Cương, Nhu, Tà Khí)."""
    if hand is None:
        return []
    return [KINDS[k] for k in range(3) for _ in range(hand[k])]


@dataclass
class DaoTamModel:
    """The viewer's picks (indices into :func:`hand_cards`) and the table's memory."""

    picked: list[int] = field(default_factory=list)
    focus: int = 0
    push_focus: int = 0
    last_claim: tuple[int, int, str] | None = None     # (actor, count, call) shown centre
    revealed: tuple[str, ...] = ()                     # a challenged claim's cards
    window_kind: str = "challenge"                     # the last window opened
    caught: str = ""                                   # "lie" / "truth" after a challenge
    push_fx: tuple[int, int, float] | None = None      # a Tà Khí push in flight (from, to, p)
    log: list[str] = field(default_factory=list)
    # what the animations have shown so far (the engine's state is already further on)
    claim_landed: int = 0                              # face-down claim cards on the table
    reveal_x: float = 1.0                              # the revealed cards' flip (scale-x)
    public_pair: int | None = None                     # the actor whose Cương + Nhu lie face up
    pair_landed: int = 0
    cd_shown: tuple[int, str] | None = None            # (drawer, card) held up for all to see
    cd_x: float = 1.0                                  # its turn-over (0 back edge-on → 1 face)
    hidden_slots: set[tuple[int, str]] = field(default_factory=set)   # opened, still flying
    pop: tuple[int, float] | None = None               # the race winner's plate (seat, p)
    sweep: tuple[tuple[int, ...], float] | None = None  # Khai Sáng: (winners, p)

    def toggle(self, index: int) -> None:
        if index in self.picked:
            self.picked.remove(index)
        else:
            self.picked.append(index)

    def clear(self) -> None:
        self.picked = []

    def settle(self) -> None:
        """Forget what the animations were showing (the table is rebuilt from the view)."""
        self.last_claim, self.revealed, self.caught = None, (), ""
        self.claim_landed, self.reveal_x, self.public_pair, self.pair_landed = 0, 1.0, None, 0
        self.cd_shown, self.cd_x, self.pop, self.sweep, self.push_fx = None, 1.0, None, None, None
        self.hidden_slots = set()

    def claim_action(self, cards: list[str], call: str) -> tuple:
        """The engine's claim action for the picked cards (validated by the engine)."""
        kinds = tuple(sorted((cards[i] for i in self.picked if 0 <= i < len(cards)),
                             key=KINDS.index))
        return ("claim", kinds, call)

    def public_action(self, cards: list[str]) -> tuple:
        """A public play: the picks must be exactly one Cương and one Nhu (said why if not)."""
        return ("public",)

    def note(self, line: str, keep: int = 6) -> None:
        self.log.append(line)
        del self.log[:-keep]


def picks_for(cards: list[str], kinds: tuple[str, ...]) -> list[int]:
    """The hand indices that pick ``kinds`` (tests and the AI-replay helper)."""
    out: list[int] = []
    for k in kinds:
        for i, c in enumerate(cards):
            if c == k and i not in out:
                out.append(i)
                break
    return out
