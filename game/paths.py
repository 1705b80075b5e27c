"""Where the data and asset folders are, in a checkout and once installed.

In the repository they sit beside the packages as ``data/`` and ``assets/``. ``pip install``
puts them in site-packages as the packages ``cardtable_data`` and ``cardtable_assets``
(setup.py maps them), beside ``game`` and ``scenes``; a generic name such as ``data``
would clash with other projects there. Pure paths: no pygame.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def beside_packages(checkout: str, installed: str) -> Path:
    """``ROOT/installed`` when the wheel put it there, else the checkout's folder."""
    there = ROOT / installed
    return there if there.is_dir() else ROOT / checkout


DATA = beside_packages("data", "cardtable_data")
ASSETS = beside_packages("assets", "cardtable_assets")
