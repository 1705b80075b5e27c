"""What every table uses: the driver (Match clock, event cursor, animation queue, skip,
handoff policy), seats around an ellipse for 2–13 seats (``seat_ring``), the card-art
interface every game's art implements (``card_art``: faces, backs, shadows, warm-up
queue), and the parts a table holds (``header``, ``privacy``, ``flights``, ``feedback``,
``plates``, ``gestures``, ``outcome``, ``hint_bubble``, ``zoom``; ``parts.borrowing``
declares what a table's own parts read on it). Parts of one family of tables:
``trick`` (trick and draw tables: the hand strip, the legal-action cache, model fields)
and ``bluff`` (bluffing tables: the countdown ring, the buzzers). The kit imports no
table. ``driver``, ``seat_ring``, ``card_art``, ``trick.legal`` and ``trick.model_field``
import no pygame."""
