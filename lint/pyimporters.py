"""Where the project's other modules send a prompt that this module only defines.

A prompt module often holds nothing but its templates (`CITATION_PROMPT = "... {text}"`);
another module imports one and sends it (`{"role": "user", "content":
CITATION_PROMPT.format(text=t)}`). Read alone, the prompt module shows neither the role nor
what follows the text. Among the Python modules of the project folder
(kvscope.lint.projectfills.project_folder) this finds the ones that import a name from the
file being linted: `from app.prompts import X [as Y]`, `from .prompts import X`,
`from app import prompts` or `import app.prompts as p` then `p.X`. For those reads it tells

- the roles they are sent under (kvscope.lint.pysinks, on the importing module), and
- whether any read is a piece of a longer text (`X + rest`, `f"...{X}..."`, an item of a
  joined list): then what follows the text is that module's, not known in the file.

A translation of a prompt module that nothing imports (`prompts_cn.py` beside `prompts.py`)
is read as its base module: the project loads one in place of the other.

Only modules whose text names both the constant and the module are parsed
(kvscope.lint.projectsrc.mentioning), each once per run.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path
from typing import NamedTuple

from kvscope.lint.projectsrc import mentioning, parsed, project_folder, test_module
from kvscope.lint.pyadk import instruction_read
from kvscope.lint.pyroles import verbatim_content
from kvscope.lint.pysinks import Sinks

MODULE = ""  # the imported thing is a module: its names are read as attributes (`p.X`)
STAR = "*"  # `from app.prompts import *`: every name, read by its own name


class Use(NamedTuple):
    """How the importing modules use one name: the roles it is sent under, and whether some
    read makes it a piece of a longer text."""

    roles: frozenset[str]
    piece: bool
    verbatim: bool = False  # every read is a message's whole content, as it is
    state: bool = False  # some read is an ADK agent's instruction (kvscope.lint.pyadk)


class _Import(NamedTuple):
    ref: str  # an absolute path without suffix (a relative import) or a dotted module name
    relative: bool
    name: str  # the imported name, or MODULE
    alias: str  # what the importer reads: a name, or a module's dotted alias
    module: Path  # the importing module


class Read(NamedTuple):
    """One read of an imported name in the module importing it."""

    module: Path
    sinks: Sinks
    parents: dict
    node: ast.AST


@functools.lru_cache(maxsize=4096)
def importer_use(file: Path, name: str) -> Use | None:
    """How the project uses `name` of `file`, or None when no other module imports it
    (asked once per name: for its role and again for its cost floor)."""
    reads = importer_reads(file, name)
    if not reads:
        return None
    roles: set[str] = set()
    piece, verbatim, state = False, True, False
    for r in reads:
        roles |= r.sinks.walk(r.node) or _field_roles(r)
        piece = piece or _piece(r.parents, r.node)
        verbatim = verbatim and verbatim_content(r.parents, r.node)
        state = state or instruction_read(r.parents, r.node, r.sinks.tree)
    return Use(frozenset(roles), piece, verbatim, state)


def _field_roles(read: Read) -> set[str]:
    """Where the project sends the configuration field `read` is the default of
    (`generate_title_prompt: str = field(default=prompts.GENERATE_TITLE_PROMPT)`, then
    `HumanMessage(content=cfg.generate_title_prompt.format(...))` in a node)."""
    from kvscope.lint.pyimportfills import field_named, field_reads

    attr = field_named(read.parents, read.node)
    if attr is None:
        return set()
    roles: set[str] = set()
    for _, sinks, _ in field_reads(read.module, attr):
        for node in sinks.attrs.get(attr, ()):
            roles |= sinks.walk(node)
    return roles


@functools.lru_cache(maxsize=4096)
def importer_reads(file: Path, name: str, depth: int = 0) -> tuple[Read, ...]:
    """Every read of `name` of `file` in the project's modules that import it. A package's
    `__init__.py` that imports the name only to re-export it (`from .answer_prompts import
    TEMPLATE`) hands the question on to the modules importing it from the package (two
    packages deep); a translation nothing imports, to its base module. The modules of the
    file's top-level folder are searched first, then, when none imports it, the project's."""
    folder = project_folder(file)
    if folder is None:
        return ()
    here = Path(os.path.abspath(file))
    out = _reads_in(folder, here, name, depth)
    if not out and depth == 0:
        from kvscope.lint.includes import project_root

        root = project_root(here)
        if root != folder and root in folder.parents:
            # `config/prompts.py` imported by `services/azure_service.py`: a sibling package
            out = _reads_in(root, here, name, depth)
    if not out and depth == 0 and (base := _locale_base(here)) is not None:
        return importer_reads(base, name, depth + 1)  # `prompts_cn.py`, loaded as `prompts.py`
    return tuple(out)


def _reads_in(folder: Path, here: Path, name: str, depth: int) -> list[Read]:
    """The reads of `name` of the module `here` in the modules under `folder` importing it."""
    target = _stem(here)
    out: list[Read] = []
    for imp in _imports_of(folder, name, Path(target).name):
        if imp.module == here or not _matches(imp, target, name):
            continue
        got = parsed(imp.module)
        if got is None:
            continue
        sinks, parents = got
        reads = _reads(sinks, imp, name)
        if not reads and imp.module.name == "__init__.py" and depth < 2:
            out += importer_reads(imp.module, imp.alias, depth + 1)  # a re-export
        out += [Read(imp.module, sinks, parents, r) for r in reads]
    return out


# Language suffixes of a prompt module's translations: `prompts_cn.py` beside `prompts.py`.
_LOCALES = "zh_cn zh_tw cn zh tw en ja jp ko kr fr de es pt ru it vi ar hi id tr nl pl"
LOCALES = _LOCALES.split()  # `_zh_cn` before `_cn`


def _locale_base(path: Path) -> Path | None:
    """`prompts.py` for a translation `prompts_cn.py` / `prompts_zh_cn.py` that nothing imports:
    the project loads it in place of its base module (by a setting, or `importlib`), so it is
    sent as the base module's names are."""
    stem = path.stem.lower()
    for locale in LOCALES:
        for sep in "_-":
            if stem.endswith(sep + locale) and len(stem) > len(locale) + 1:
                base = path.with_name(path.stem[: -len(locale) - 1] + path.suffix)
                if base.is_file():
                    return base
    return None


def _stem(path: Path) -> str:
    """`/p/app/prompts` for `/p/app/prompts.py` and for `/p/app/prompts/__init__.py`."""
    if path.name == "__init__.py":
        return str(path.parent)
    return str(path.with_suffix(""))


def _matches(imp: _Import, target: str, name: str) -> bool:
    if imp.name not in (name, MODULE, STAR):
        return False
    if imp.relative:
        return imp.ref == target
    return target.endswith(os.sep + imp.ref.replace(".", os.sep))


def _reads(sinks: Sinks, imp: _Import, name: str) -> list[ast.AST]:
    if imp.name == STAR:
        return list(sinks.names.get(name, ()))  # `from tot.prompts.game24 import *`
    if imp.name != MODULE:
        return list(sinks.names.get(imp.alias, ()))
    holders = {imp.alias, *_module_holders(sinks.tree, imp.alias)}
    return [a for a in sinks.attrs.get(name, ()) if ast.unparse(a.value) in holders]


def _module_holders(tree: ast.Module, alias: str) -> set[str]:
    """`self.prompts` of a class that keeps the imported module (`self.prompts = prompts`):
    `self.prompts.RAG_TEMPLATE` reads the module's name as `prompts.RAG_TEMPLATE` does."""
    return {
        ast.unparse(t)
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and n.value.id == alias
        for t in n.targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }


def _piece(parents: dict, node: ast.AST) -> bool:
    """The value read at `node` (maybe `.format(...)`-ed or `.strip()`-ed) is joined with
    other text: an operand of `+`, a field of an f-string, an item of a list or tuple."""
    cur = node
    while isinstance(parent := parents.get(cur), ast.Attribute):
        call = parents.get(parent)
        if not (isinstance(call, ast.Call) and call.func is parent):
            return False
        cur = call
    parent = parents.get(cur)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add):
        return True
    return isinstance(parent, ast.FormattedValue | ast.List | ast.Tuple)


def _imports_of(folder: Path, name: str, module: str) -> list[_Import]:
    """The imports of the modules that mention both `name` and the module's own name."""
    out: list[_Import] = []
    for path in mentioning(folder, module, name):
        if not test_module(path):  # a test imports a prompt to check it, and sends it nowhere
            out.extend(module_imports(path))
    return out


@functools.lru_cache(maxsize=1024)
def module_imports(path: Path) -> tuple[_Import, ...]:
    got = parsed(path)
    return tuple(_imports(got[0].tree, path)) if got is not None else ()


def _imports(tree: ast.Module, module: Path) -> list[_Import]:
    out: list[_Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append(_Import(a.name, False, MODULE, a.asname or a.name, module))
        elif isinstance(node, ast.ImportFrom):
            base = None
            if node.level:
                base = module.parent
                for _ in range(node.level - 1):
                    base = base.parent
                base = base.joinpath(*(node.module or "").split(".")) if node.module else base
            for a in node.names:
                alias = a.asname or a.name
                if a.name == STAR:
                    ref = str(base) if base is not None else node.module or ""
                    out.append(_Import(ref, base is not None, STAR, STAR, module))
                elif base is not None:
                    if node.module:
                        out.append(_Import(str(base), True, a.name, alias, module))
                    out.append(_Import(str(base / a.name), True, MODULE, alias, module))
                elif node.module:
                    out.append(_Import(node.module, False, a.name, alias, module))
                    out.append(_Import(f"{node.module}.{a.name}", False, MODULE, alias, module))
    return out
