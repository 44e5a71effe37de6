"""Package discovery for the mapped layout (backend/ -> kvscope.backend, ...).

Metadata lives in pyproject.toml; this file only lists the packages, because setuptools'
automatic discovery does not follow `package-dir` mappings into sub-packages.
inspect/ is a PEP 420 namespace portion (no top-level __init__.py, see shared/design.md).
"""

from pathlib import Path

from setuptools import setup

ROOTS = {"kvscope.backend": "backend", "kvscope.lint": "lint", "kvscope.inspect": "inspect"}
SKIP = {"__pycache__", "tests"}


def _is_package(path: Path) -> bool:
    """A regular package, or a data directory (``lint/data``): Python imports both, so setuptools
    wants both listed (else it warns that the package "is absent from the packages")."""
    return (path / "__init__.py").exists() or any(
        f.is_file() and f.suffix != ".py" for f in path.iterdir()
    )


def _packages() -> tuple[list[str], dict[str, str]]:
    packages, package_dir = [], {}
    for name, root in ROOTS.items():
        for path in [Path(root), *sorted(p for p in Path(root).rglob("*") if p.is_dir())]:
            if any(part in SKIP or part.startswith(".") for part in path.parts):
                continue
            if path != Path(root) and not _is_package(path):
                continue
            rel = path.relative_to(root).parts
            pkg = ".".join([name, *rel])
            packages.append(pkg)
            package_dir[pkg] = str(path)
    return packages, package_dir


PACKAGES, PACKAGE_DIR = _packages()
DATA_PATTERNS = ["*.json", "*.yaml", "*.yml", "*.jinja", "*.txt", "*.tcss", "data/*", "data/**/*"]

setup(
    packages=PACKAGES,
    package_dir=PACKAGE_DIR,
    package_data={pkg: DATA_PATTERNS for pkg in PACKAGES},
    include_package_data=True,
)
