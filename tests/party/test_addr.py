"""party.addr: the address phones are told, found without sending a packet."""

import socket

import pytest

from party import addr


def infos(*hosts):
    return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (h, 0)) for h in hosts]


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("lan_ipv4 opened a socket")
    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.mark.parametrize(("found", "want"), [
    (("127.0.1.1", "192.168.1.23", "10.0.0.9"), "192.168.1.23"),
    (("127.0.0.1",), "127.0.0.1"),
    (("169.254.3.4", "0.0.0.0", "10.1.2.3"), "10.1.2.3"),
    (("fe80::1", "not an address", "172.16.0.5"), "172.16.0.5"),
    ((), "127.0.0.1"),
])
def test_lan_ipv4_is_the_first_real_address_else_loopback(monkeypatch, no_network, found, want):
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: infos(*found))
    assert addr.lan_ipv4() == want


def test_lan_ipv4_when_the_name_does_not_resolve(monkeypatch, no_network):
    def fail(*a, **k):
        raise socket.gaierror("no such host")
    monkeypatch.setattr(socket, "getaddrinfo", fail)
    assert addr.lan_ipv4() == "127.0.0.1"


def test_join_url():
    assert addr.join_url("192.168.1.23", 8765, "ABCD", "s3_cr-t") == \
        "http://192.168.1.23:8765/j/ABCD#k=s3_cr-t"
    assert addr.join_url("10.0.0.2", 80, "WXYZ", "k", seat=3) == "http://10.0.0.2:80/j/WXYZ#k=k&s=3"
    assert addr.join_url("h", 1, "A/B", "a&b=c") == "http://h:1/j/A%2FB#k=a%26b%3Dc"
