"""Phones as private hands: the party server beside the pygame loop.

``party`` imports no pygame. :mod:`party.room` is the in-process heart (seats, secrets,
tokens, the thread-safe inbox and the per-seat screens); :mod:`party.server` carries it
over HTTP and WebSocket on its own thread; :mod:`party.clock` estimates each phone's
clock offset so buzzer presses are judged by when they were made; :mod:`party.present`
is what a game's phone presenter receives and returns; ``party/web/`` is the phone page.
"""
