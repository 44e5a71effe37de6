"""Python source reader: parses the module; the analysis lives in kvscope.lint.pyscan."""

from __future__ import annotations

import ast
import warnings

from kvscope.lint.document import Document
from kvscope.lint.readers import ReadError


def read(text: str, path: str) -> list[Document]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text, filename=path)
    except SyntaxError as exc:
        raise ReadError(f"invalid Python at line {exc.lineno}: {exc.msg}") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ReadError(f"cannot parse Python: {exc.__class__.__name__}") from None
    return [Document(path, "python", text, python=tree)]
