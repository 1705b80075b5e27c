"""Packaging beyond what pyproject.toml can say: data/ and assets/ go into the wheel as
the packages ``cardtable_data`` and ``cardtable_assets`` (found at run time by
game/paths.py), beside ``game``, ``scenes``, ``party`` (with its phone page, party/web/)
and the top-level module ``main``."""

from pathlib import Path

from setuptools import find_packages, setup

FILES = {"cardtable_data": "data", "cardtable_assets": "assets"}   # installed name: folder


def file_packages() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    """Every folder under data/ and assets/ as a package holding all its files."""
    packages, dirs, data = [], {}, {}
    for name, folder in FILES.items():
        for d in sorted(p for p in [Path(folder), *Path(folder).rglob("*")] if p.is_dir()):
            if d.name.startswith((".", "__")):
                continue
            pkg = ".".join([name, *d.relative_to(folder).parts])
            packages.append(pkg)
            dirs[pkg] = d.as_posix()
            data[pkg] = ["*"]
    return packages, dirs, data


packages, package_dir, package_data = file_packages()
setup(
    packages=find_packages(include=["game*", "scenes*", "party*"]) + packages,
    package_dir=package_dir,
    package_data={**package_data, "party": ["web/*"]},
    py_modules=["main"],
)
