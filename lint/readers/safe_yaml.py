"""YAML with bounded alias expansion and nesting: no "billion laughs", no recursion blow-up.

PyYAML shares one node per anchor, so a 420-byte document of nested aliases composes quickly
into a small graph whose *expansion* (what constructing, walking or serializing it visits) has
billions of nodes. ``compose_all`` measures every document's expanded size and depth without
expanding it (a memoised walk of the graph), and refuses one beyond ``MAX_NODES`` / ``MAX_DEPTH``
or one whose alias refers to its own ancestor (a cycle), with a one-line ``YamlLimitError``.
"""

from __future__ import annotations

from typing import Any

MAX_NODES = 200_000  # expanded nodes per document; real prompt files have a few thousand
MAX_DEPTH = 64


class YamlLimitError(ValueError):
    """A YAML document beyond the expansion or nesting bound; str() is one line."""


def _children(node: Any) -> list:
    import yaml

    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def check_node(root: Any, max_nodes: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> None:
    """Raise ``YamlLimitError`` when ``root`` expands past the bounds or holds a cycle."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            on_path.discard(key)
            if size[key] > max_nodes:
                raise YamlLimitError(
                    f"YAML aliases expand to more than {max_nodes} nodes (a 'billion laughs' "
                    "document?); write the data out instead of nesting aliases"
                )
            if depth[key] > max_depth:
                raise YamlLimitError(f"YAML nested deeper than {max_depth} levels; flatten it")
            continue
        if key in size:
            continue
        if key in on_path:
            raise YamlLimitError("a YAML alias refers to its own ancestor (a cycle); remove it")
        on_path.add(key)
        stack.append((node, True))
        stack.extend((kid, False) for kid in _children(node) if id(kid) not in size)


def compose_all(text: str) -> list:
    """The documents of ``text`` as checked node graphs (``yaml.YAMLError`` when malformed)."""
    import yaml

    loader = yaml.SafeLoader(text)
    nodes = []
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                check_node(node)
                nodes.append(node)
    except RecursionError:
        raise YamlLimitError(f"YAML nested deeper than {MAX_DEPTH} levels; flatten it") from None
    finally:
        loader.dispose()
    return nodes


def construct(node: Any) -> Any:
    """The Python value of a checked node (SafeLoader types only)."""
    import yaml

    return yaml.SafeLoader("").construct_document(node)


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` with the bounds: the first document's value, or None."""
    nodes = compose_all(text)
    return construct(nodes[0]) if nodes else None
