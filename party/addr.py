"""Where phones reach the table: the machine's LAN address and the join links.

The address is read from the machine's own name resolution only (no packet is sent:
no "connect a UDP socket to 8.8.8.8" trick), so it works offline and reveals nothing.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import quote

LOOPBACK = "127.0.0.1"


def lan_ipv4() -> str:
    """The first non-loopback IPv4 address the host name resolves to, else 127.0.0.1."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return LOOPBACK
    for info in infos:
        host = info[4][0]
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            continue
        if ip.version == 4 and not ip.is_loopback and not ip.is_unspecified and not ip.is_link_local:
            return host
    return LOOPBACK


def join_url(host: str, port: int, code: str, secret: str, seat: int | None = None) -> str:
    """``http://host:port/j/CODE#k=SECRET`` (+ ``&s=SEAT``): the secret rides in the
    fragment, which a browser never sends to a server or puts in a Referer."""
    url = f"http://{host}:{int(port)}/j/{quote(code, safe='')}#k={quote(secret, safe='')}"
    if seat is not None:
        url += f"&s={int(seat)}"
    return url
