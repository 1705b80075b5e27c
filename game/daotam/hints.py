"""Why the Đạo Tâm agents challenge, claim, push or shout, in one sentence (see
:mod:`game.hints`).

The facts are the agents' counting (:func:`game.daotam.ai.unseen`): how many Chiêu Thức
of the called kind the seat has *seen* (its hand, the face-up discards, hands shown by
Si Mê) out of the deck's copies, and the chance it computes that the claim is a lie.
A kind's name is an i18n reference (``"@daotam.nhu"``).
"""

from __future__ import annotations

from game.core import Action
from game.daotam.ai import KIND, make_agent, unseen
from game.daotam.deck import default_deck
from game.daotam.rules import DaoTamView
from game.hints import Hint, pct

UNDO = False            # real-time windows: no undo


def kind_name(kind: str) -> str:
    return f"@daotam.{kind}"


def explain(view: DaoTamView, legal: list[Action], level: str, events: list, seed: int) -> Hint:
    settings = {"time_budget": None} if level == "hard" else {}
    agent = make_agent(level, view.seat, seed, **settings)
    agent.observe(events)
    action = agent.decide(view, legal)
    p_lie = agent.p_lie(view) if view.phase == "challenge" and view.claim else 0.0
    return reason(view, action, p_lie)


def reason(view: DaoTamView, action: Action, p_lie: float = 0.0) -> Hint:
    """The sentence for ``action`` from the facts of ``view`` (``p_lie``: the agent's
    estimate that the open claim is a lie, for a challenge decision)."""
    kind = action[0]
    if view.phase == "challenge" and view.claim is not None:
        actor, count, call = view.claim
        k = KIND.index(call)
        total = default_deck().chieu_counts()[k]
        seen = total - unseen(view)[k]
        p = {"seat": actor, "n": count, "kind": kind_name(call), "seen": seen, "total": total,
             "p": pct(p_lie), "size": view.hand_sizes[actor] + count}
        return Hint(action, "hints.daotam.challenge" if kind == "challenge" else "hints.daotam.let_go", p)
    if kind == "shout":
        return Hint(action, "hints.daotam.shout", {})
    if kind == "push":
        s = action[1]
        stages = sum(1 for c in view.opened[s] if c)
        return Hint(action, "hints.daotam.push", {"seat": s, "n": stages, "dao": view.dao_tam[s]})
    if kind == "use":
        return Hint(action, "hints.daotam.use", {})
    if kind == "decline":
        return Hint(action, "hints.daotam.decline", {})
    if kind == "public":
        return Hint(action, "hints.daotam.public", {})
    hand = view.hand or (0, 0, 0)
    cards, call = action[1], action[2]
    n = len(cards)
    if all(c == call for c in cards):
        return Hint(action, "hints.daotam.truth", {"n": n, "kind": kind_name(call),
                                                   "held": hand[KIND.index(call)]})
    return Hint(action, "hints.daotam.bluff", {"n": n, "kind": kind_name(call), "ta": hand[2]})
