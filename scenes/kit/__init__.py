"""What every table uses: the driver (Match clock, event cursor, animation queue, skip,
handoff policy), seats around an ellipse for 2–13 seats, the countdown ring, the
two-sided token and per-seat buzzers. ``driver`` and ``seat_ring`` import no pygame."""
