"""Parts of the bluffing tables (hidden roles, claims and reaction windows): the countdown
ring of a window and the per-seat buzzers."""
