"""Playing Mascarade through the table with synthetic events (shared by the UI tests):
each human's decision comes from an agent and is turned into the clicks and keys a
player would use."""

from __future__ import annotations

import random

import pygame

from game import registry
from game.match import Match, Seat
from scenes.screens.handoff import HandoffScene
from scenes.tables.mascarade import MascaradeTable
from tests.ui.helpers import click, key, make_app


def frame(app, dt: float = 0.05) -> None:
    for event in pygame.event.get():
        app.dispatch(event)
    app.stack.update(dt)
    app.stack.draw(app.screen)


def mascarade_app(seats: list[str], seed: int = 1, size=(1280, 720), lang: str = "en",
                  options: dict | None = None):
    app = make_app(size=size, lang=lang, speed=0.0)
    app.settings.anim_speed = 1.0
    match = Match("mascarade", [Seat(k) for k in seats], seed, options or {})
    table = MascaradeTable(app, match, fresh=True)
    app.stack.push(table)
    return app, match, table


class Driver:
    """One UI gesture per frame for whichever human the table waits for."""

    def __init__(self, app, match: Match, table: MascaradeTable, seed: int = 0,
                 level: str = "normal", peeks: float = 0.0, powers: tuple[int, ...] = ()) -> None:
        self.app, self.match, self.table = app, match, table
        self.agents = {s: registry.make_agent("mascarade", level, s, seed + s)
                       for s in match.human_seats()}
        for s, agent in self.agents.items():
            agent.observe([e for e in match.events if e.visible_to(s)])
        self.seen = len(match.events)
        self.plan: dict[int, tuple] = {}
        self.handoffs = self.confirms = 0
        self.rng = random.Random(seed)
        self.peeks = peeks          # how often a human peeks instead of the agent's move
        self.powers = powers        # characters a human announces whenever truly holding one

    def feed(self) -> None:
        evs = self.match.events[self.seen:]
        self.seen = len(self.match.events)
        for s, agent in self.agents.items():
            agent.observe([e for e in evs if e.visible_to(s)])

    def click_choice(self, cmd: tuple) -> bool:
        t = self.table
        opts = [c for _, c in t.controls.choices()]
        if cmd in opts and len(t.choice_buttons) == len(opts):
            click(t.choice_buttons[opts.index(cmd)].rect.center)
            return True
        return False

    def step(self) -> None:
        """Post the next gesture (if any) for the current frame."""
        self.feed()
        top, t, m = self.app.stack.top, self.table, self.match
        if isinstance(top, HandoffScene):
            self.handoffs += 1
            key(pygame.K_RETURN)
            return
        if top is not t:
            return
        seat = t.controls.actor()
        if seat is None:
            return
        v = m.view(None)
        if t.secret is not None:
            kind = t.secret[0]
            if kind in ("peek", "peek_show"):
                key(pygame.K_p)
            else:
                key(pygame.K_e if self.plan[seat][-1] else pygame.K_n)
            return
        if v.pending is not None and v.pending[0] == "spy_swap":
            act = self.plan.get(seat)
            key(pygame.K_e if act and act[0] == "spy_swap" and act[1] else pygame.K_n)
            return
        legal = m.legal_actions(seat)
        act = self.agents[seat].decide(m.view(seat), legal)
        peek = ("peek", v.hands[seat][0])
        if act[0] in ("swap", "announce") and peek in legal and self.rng.random() < self.peeks:
            act = peek
        own = v.hands[seat][0]
        truth = m.state.cards[own]      # a test's shortcut to exercise the powers' prompts
        if truth in self.powers and ("announce", truth, own) in legal:
            act = ("announce", truth, own)
        self.plan[seat] = act
        kind = act[0]
        if kind == "swap":
            own = v.hands[seat]
            other = act[2] if act[1] in own else act[1]
            click(t.pos_rects[other].center)
        elif kind == "peek":
            key(pygame.K_p)
        elif kind == "announce":
            if not t.chooser:
                key(pygame.K_a)
            else:
                self.click_choice(act)
        elif kind == "claim":
            key(pygame.K_c)
        elif kind == "pass":
            key(pygame.K_x)
        elif kind == "fool":
            for p in (act[1], act[2]):
                click(t.pos_rects[p].center)
        elif kind == "spy":
            click(t.pos_rects[act[1]].center)
        elif kind == "spy_swap":
            key(pygame.K_e if act[1] else pygame.K_n)
        else:       # bishop, witch, decline, inquire, guess: the chooser's buttons
            self.click_choice(act)
