"""Hand-made screens (the format of party/present.py SCREEN_KEYS) and lobby messages for the
phone page's tests and screenshots: a Ganjifa-like trick hand, a Đạo Tâm-like claim (pick
mode) and buzzer window, a finished game. Words in both languages, as a presenter gives them."""

from __future__ import annotations

from party.present import SCREEN_KEYS, check_screen

W = {
    "en": {
        "ganjifa": "Ganjifa", "daotam": "Đạo Tâm", "follow": "Your turn — follow Rama",
        "must": "You must follow Rama.", "hand": "In hand {n} · Won {w}", "day": "Day — Rama is trump",
        "led": "led", "log1": "Bình led 7 of Rama", "log2": "Lan played Raja of Rama",
        "claim": "Your turn — pick 1 or 2 cards and claim, or play in public",
        "pick": "Pick 1 or 2 cards", "cuong": "Claim Cương", "nhu": "Claim Nhu",
        "public": "Public play", "wait": "Waiting for Lan", "shout": "Cương Nhu Phối Triển!",
        "window": "Shout now: first to shout wins the race", "pass": "Pass",
        "challenge": "Phản Đòn!", "mind": "Đạo Tâm · 3 cards", "dark": "Tà Niệm · 2 cards",
        "won": "Lan wins the game", "score": "Lan 42 cards · Bình 31 · You 27",
        "not_turn": "Not your turn yet.", "name_wait": "Lan is thinking…",
    },
    "vi": {
        "ganjifa": "Ganjifa", "daotam": "Đạo Tâm", "follow": "Lượt của bạn — theo chất Rama",
        "must": "Phải theo chất Rama.", "hand": "Trên tay {n} · Ăn {w}", "day": "Ngày — Rama là chủ",
        "led": "dẫn", "log1": "Bình dẫn 7 Rama", "log2": "Lan đánh Raja Rama",
        "claim": "Lượt của bạn — chọn 1 hoặc 2 lá để Xuất Chiêu Ẩn Ý, hoặc Thao Diễn Công Khai",
        "pick": "Chọn 1 hoặc 2 lá", "cuong": "Hô Cương", "nhu": "Hô Nhu",
        "public": "Thao Diễn Công Khai", "wait": "Đang chờ Lan", "shout": "Cương Nhu Phối Triển!",
        "window": "Hô ngay: ai hô trước thắng cuộc đua.", "pass": "Bỏ qua",
        "challenge": "Phản Đòn!", "mind": "Đạo Tâm · 3 lá", "dark": "Tà Niệm · 2 lá",
        "won": "Lan thắng ván", "score": "Lan 42 lá · Bình 31 · Bạn 27",
        "not_turn": "Chưa đến lượt bạn.", "name_wait": "Lan đang nghĩ…",
    },
}


def card(n: int, label: str) -> dict:
    """A Đạo Tâm-like card as JSON: its kind (cuong / nhu) read from the label."""
    return {"$type": "Card", "id": n, "kind": "cuong" if label.startswith("Cương") else "nhu"}


def blank() -> dict:
    return {k: ([] if k in ("players", "info", "hand", "table", "moves", "log") else None) for k in SCREEN_KEYS}


def lobby(game: str = "ganjifa", title: str = "Ganjifa", you: int | None = None,
          joined: dict[int, str] | None = None) -> dict:
    """Four seats: 0-2 phones, 3 an AI; ``joined`` phone seats → names."""
    joined = joined or {}
    seats = [{"seat": i, "kind": "phone", "name": joined.get(i), "joined": i in joined,
              "connected": i in joined} for i in range(3)]
    seats.append({"seat": 3, "kind": "ai", "name": "AI · Lakshmi", "joined": True, "connected": True})
    return {"type": "lobby", "game": game, "title": title, "seats": seats, "you": you}


def players(lang: str, active: int, you: int = 2, away: int | None = None) -> list[dict]:
    w = W[lang]
    names = ["Lan", "Bình", "Minh Châu", "AI · Lakshmi"]
    return [{"seat": i, "name": n, "line": w["hand"].format(n=10 - i, w=2 * i), "active": i == active,
             "you": i == you, "out": False, "away": i == away} for i, n in enumerate(names)]


def ganjifa(lang: str = "en") -> dict:
    """Minh Châu's turn: five cards of Rama play, one Kurma card is refused (must follow)."""
    w = W[lang]
    s = blank()
    cards = [("3 Rama", 76), ("7 Rama", 80), ("Mantri Rama", 73), ("Raja Rama", 72),
             ("5 Kurma", 18), ("9 Rama", 82), ("1 Rama", 74)]     # the pack's own card ids
    moves = []
    for i, (label, cid) in enumerate(cards):
        legal = not label.endswith("Kurma")
        s["hand"].append({"card": cid, "label": label, "move": i if legal else None,
                          "reason": None if legal else w["must"]})
        moves.append({"id": i, "label": label, "action": ["play", cid], "cards": [i], "legal": legal,
                      "reason": None if legal else w["must"], "kind": "normal", "timed": False})
    s.update(title=w["ganjifa"], status=w["follow"], tone="turn", players=players(lang, active=2),
             info=[w["day"], "Trick 4 / 30"],
             table=[{"card": 78, "label": "5 Rama", "caption": "Bình · " + w["led"]},
                    {"card": 75, "label": "2 Rama", "caption": "Lan"}],
             moves=moves, log=[w["log1"], w["log2"]])
    return check_screen(s)


def big_hand(lang: str = "en") -> dict:
    """The opening of a three-player deal: 40 cards (the fullest hand a phone shows)."""
    s = ganjifa(lang)
    s["hand"] = [{"card": c, "label": str(c), "move": None, "reason": None} for c in range(0, 120, 3)]
    s.update(moves=[], table=[], status=W[lang]["name_wait"], tone="wait")
    return check_screen(s)


def claim(lang: str = "en") -> dict:
    """A Đạo Tâm-like turn: pick 1 or 2 cards, then claim Cương or Nhu with them."""
    w = W[lang]
    s = blank()
    s["hand"] = [{"card": card(10 + i, lab), "label": lab, "move": None, "reason": None}
                 for i, lab in enumerate(["Cương 2", "Nhu 4", "Cương 5", "Nhu 1"])]
    moves = []
    n = 0
    for call in ("cuong", "nhu"):
        for pick in ([0], [1], [2], [0, 1], [0, 2], [1, 2]):
            moves.append({"id": n, "label": w[call], "action": ["claim", pick, call], "cards": pick,
                          "legal": True, "reason": None, "kind": "primary" if call == "cuong" else "normal",
                          "timed": False})
            n += 1
    moves.append({"id": n, "label": w["public"], "action": ["public", 0, 1], "cards": [0, 1],
                  "legal": True, "reason": None, "kind": "normal", "timed": False})
    s.update(title=w["daotam"], status=w["claim"], tone="turn",
             players=players(lang, active=2), info=[w["mind"], w["dark"]],
             pick={"min": 1, "max": 2, "prompt": w["pick"]}, moves=moves)
    return check_screen(s)


def buzzer(lang: str = "en", armed: bool = True, left_ms: int = 1600, total_ms: int = 2000) -> dict:
    """A shout race open for this seat: the buzzer, the ring, a timed pass."""
    w = W[lang]
    s = blank()
    s["hand"] = [{"card": card(20 + i, lab), "label": lab, "move": None, "reason": None}
                 for i, lab in enumerate(["Cương 3", "Nhu 6"])]
    s.update(title=w["daotam"], status=w["window"], tone="window", players=players(lang, active=0, away=1),
             info=[w["mind"]], table=[{"card": card(30, "Cương 7"), "label": "Cương 7", "caption": "Lan"}],
             moves=[{"id": 1, "label": w["pass"], "action": ["pass"], "cards": None, "legal": True,
                     "reason": None, "kind": "pass", "timed": True}],
             buzzer={"label": w["shout"], "action": ["shout"], "armed": armed},
             window={"left_ms": left_ms, "total_ms": total_ms, "mine": True},
             log=[w["log2"]])
    return check_screen(s)


def waiting(lang: str = "en") -> dict:
    """Someone else's turn: nothing to do, every card plain."""
    w = W[lang]
    s = ganjifa(lang)
    for c in s["hand"]:
        c.update(reason=w["not_turn"])             # the moves are still named, refused
    for m in s["moves"]:
        m.update(legal=False, reason=w["not_turn"])
    s.update(status=w["name_wait"], tone="wait", players=players(lang, active=0))
    return check_screen(s)


def over(lang: str = "en") -> dict:
    w = W[lang]
    s = blank()
    s.update(title=w["ganjifa"], status=w["won"], tone="over", players=players(lang, active=0),
             over={"headline": w["won"], "lines": [w["score"]]}, log=[w["log1"], w["log2"]])
    return check_screen(s)
