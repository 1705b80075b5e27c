"""What every table uses: the driver (Match clock, event cursor, animation queue, skip,
handoff policy), seats around an ellipse for 2–13 seats, the countdown ring and
per-seat buzzers; for the cards, the card-art interface every game's
art implements (``card_art``: faces, backs, shadows, warm-up queue), the legal-action
cache (``legal``), the hand strip (``hand_strip``: hidden-hand switch, focus keys) and
table attributes over a visual model (``model_field``). ``driver``, ``seat_ring``,
``card_art``, ``legal`` and ``model_field`` import no pygame."""
