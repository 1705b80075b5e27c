"""The host's side of a phone table: its :class:`party.room.Room`, the server phones reach
it through, and the room file kept beside the game's autosave.

The app holds at most one :class:`PhoneParty` (``app.party``). The join panel opens it
(the server listens only from then on: off by default, the host turned it on by choosing
phone seats); the table takes it over on Start; it closes — the server stops, every
phone is told — as soon as no scene on the stack holds it any more (the table was left
for the menu, or Back on the join panel) and when the app quits (:func:`tend`,
:func:`end`, called by the app each frame and at exit).

The room is written to ``party-<game>.json`` in the user folder whenever what a restart
needs changes (code, secrets, tokens, names, kinds, whether it started) and at start, so
that "Continue" after a restart brings back the same code, secrets, tokens and port: the
phones rejoin with their stored tokens. A missing or damaged file only means a new room.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.storage import SaveError, read_json, user_dir, write_json_atomic
from party.room import Room

log = logging.getLogger(__name__)

#: Where the server listens: every interface, so phones on the same Wi-Fi reach it;
#: CARDTABLE_PARTY_HOST=127.0.0.1 keeps it on this machine (the tests do).
HOST = os.environ.get("CARDTABLE_PARTY_HOST", "0.0.0.0")
FILE_VERSION = 1


def room_path(game: str) -> Path:
    """The room file of ``game``'s phone table, beside its autosave."""
    return user_dir() / f"party-{game}.json"


@dataclass
class Loaded:
    """A room as :func:`load_room` found it: ``restored`` from the file, else new;
    ``port`` the one the last server listened on (0: any)."""

    room: Room
    port: int
    restored: bool


def load_room(game: str, kinds: list[str]) -> Loaded:
    """The stored room of ``game`` if it fits these seats, else a new room (keeping the
    stored port when there is one). Never raises for what the file holds."""
    path = room_path(game)
    port = 0
    try:
        data = read_json(path)
        if not isinstance(data, dict) or data.get("version") != FILE_VERSION:
            raise ValueError("not a phone room file of this version")
        stored = data.get("port", 0)
        port = stored if isinstance(stored, int) and 0 < stored < 65536 else 0
        room = Room.from_json(data.get("room"))
        if room.game != game or [s.kind for s in room.slots] != list(kinds):
            raise ValueError("the stored room has other seats")
        return Loaded(room, port, True)
    except FileNotFoundError:
        pass
    except (SaveError, ValueError, OSError) as err:
        log.warning("phone room of %s not restored: %s", game, err)
    return Loaded(Room(game, list(kinds)), port, False)


def server_class() -> Any:
    """The phone server (party.server.PartyServer), looked up when a server starts."""
    from party.server import PartyServer
    return PartyServer


def lan_host() -> str:
    """The address phones on the same network reach this computer at."""
    from party import addr
    return addr.lan_ipv4()


class PhoneParty:
    """One phone table's room and server, as the app holds them."""

    def __init__(self, game: str, kinds: list[str], fresh: bool = True) -> None:
        self.game = game
        loaded = load_room(game, kinds)
        self.room = loaded.room
        if fresh:           # a new deal: the same phones, back in the lobby until Start
            self.room.started = False
        self.wanted_port = loaded.port
        self.restored = loaded.restored
        self.path = room_path(game)
        self.server: Any = None
        self.art: Any = None                # card faces for /art (the table's phones part)
        self.host = "127.0.0.1"
        self.error: str | None = None       # why the server could not start (for the panel)
        self._kept: Any = None

    # ----------------------------------------------------------------- server
    @property
    def port(self) -> int:
        return int(getattr(self.server, "port", 0) or 0)

    @property
    def listening(self) -> bool:
        return self.server is not None

    def start(self) -> bool:
        """Start the server (on the stored port, or any free one if that is taken)."""
        if self.server is not None:
            return True
        cls = server_class()
        last: Exception | None = None
        for port in dict.fromkeys([self.wanted_port, 0]):     # the stored port may be taken
            server = cls(self.room, host=HOST, port=port, art=self.art)
            try:
                server.start()
            except Exception as err:        # noqa: BLE001 - the panel says why; never a crash
                log.warning("the phone server did not start on port %s: %s", port, err)
                last = err
                continue
            self.server = server
            self.wanted_port = self.port       # kept: a restart listens there again
            break
        if self.server is None:
            self.error = str(last) if last else "?"
            return False
        self.error = None
        try:
            self.host = lan_host()
        except OSError:
            self.host = "127.0.0.1"
        self.keep(force=True)
        return True

    def set_art(self, art: Any) -> None:
        """The card-face renderer the server hands ``/art`` to (party.server.ArtFn); the
        table sets it when it takes the party over, the server reads it per request."""
        self.art = art
        if self.server is not None:
            self.server.art = art

    def stop(self) -> None:
        """Tell the phones the table closed and stop the server (its thread ends)."""
        server, self.server = self.server, None
        self.room.close()
        if server is not None:
            try:
                server.stop()
            except Exception:       # noqa: BLE001 - closing must not stop the app
                log.exception("the phone server did not stop cleanly")

    # ------------------------------------------------------------------ links
    def address(self) -> str:
        """What the host reads out: ``http://192.168.1.5:8765``."""
        return f"http://{self.host}:{self.port}"

    def link(self, seat: int | None = None) -> str:
        """The room link (any free phone seat), or ``seat``'s own link with its secret."""
        from party.addr import join_url
        secret = self.room.room_secret if seat is None else self.room.seat_secret(seat)
        return join_url(self.host, self.port, self.room.code, secret, seat)

    # ---------------------------------------------------------------- keeping
    def to_json(self) -> dict:
        return {"version": FILE_VERSION, "port": self.port or self.wanted_port,
                "room": self.room.to_json()}

    def keep(self, force: bool = False) -> bool:
        """Write the room file if what a restart needs changed (or ``force``). Returns
        whether it wrote. A failed write is logged, never raised. Asked every frame: it
        compares the room's change count, not the room (a tap is no lobby change)."""
        key = (self.room.changes, self.port or self.wanted_port)
        if key == self._kept and not force:
            return False
        data = self.to_json()
        try:
            write_json_atomic(self.path, data, durable=False)
        except OSError as err:
            log.warning("phone room not kept: %s", err)
            return False
        self._kept = key
        return True


def holds(scene: Any, party: PhoneParty) -> bool:
    """Whether ``scene`` uses the party: the join panel, or a table of phone seats."""
    if getattr(scene, "holds_party", False):
        return True
    match = getattr(scene, "match", None)
    return (match is not None and getattr(match, "game", None) == party.game
            and any(getattr(s, "is_phone", False) for s in getattr(match, "seats", ())))


def open_party(app: Any, game: str, kinds: list[str], fresh: bool = True) -> PhoneParty:
    """The app's phone party for these seats (``fresh``: for a new deal, else for a saved
    one): a new one (any other is closed first)."""
    end(app)
    party = PhoneParty(game, kinds, fresh)
    app.party = party
    return party


def tend(app: Any) -> None:
    """Once a frame: close the party when no scene holds it; else keep its file."""
    party = getattr(app, "party", None)
    if party is None:
        return
    if not any(holds(s, party) for s in app.stack.scenes):
        end(app)
        return
    party.keep()


def end(app: Any) -> None:
    """Close the app's party (the server stops, the room file is written) if it has one."""
    party = getattr(app, "party", None)
    if party is None:
        return
    app.party = None
    party.stop()
    party.keep()
