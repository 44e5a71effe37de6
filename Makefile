# Every target does its own set-up on a fresh machine; a second run is fast (stamp files).
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.kvscope-installed
PROM_STAMP := $(VENV)/.apt-prometheus-tmux-checked
ARGS ?=
# The CPU build of torch lies on this machine's disk; a bare `torch` requirement would pull CUDA.
TORCH_SPEC ?= torch==2.13.0
PYTEST_ARGS ?=

.PHONY: all setup demo test bench lint fmt prometheus vllm clean

all: test

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade "pip>=24" "setuptools>=77" wheel

$(STAMP): $(BIN)/python pyproject.toml setup.py
	@$(BIN)/python -c "import torch" 2>/dev/null || $(BIN)/pip install --quiet "$(TORCH_SPEC)"
	$(BIN)/pip install --quiet -e '.[all]'
	@touch $@

setup: $(STAMP) prometheus

# Debian's prometheus package gives both the server and promtool; tmux drives the inspector's
# terminal test (tests/test_inspect_tmux.py).
prometheus: $(PROM_STAMP)
$(PROM_STAMP): | $(BIN)/python
	@if ! command -v promtool >/dev/null 2>&1 || ! command -v prometheus >/dev/null 2>&1 || ! command -v tmux >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus tmux >/dev/null) \
	      || echo "warning: could not install Debian's prometheus and tmux packages"; \
	    systemctl stop prometheus 2>/dev/null || true; service prometheus stop 2>/dev/null || true; \
	  else echo "note: not root; install Debian's 'prometheus' (promtool, the server) and 'tmux' packages"; fi; \
	fi
	@touch $@

# vLLM's CPU build in its own venv, .venv-vllm (stamped; tests/test_vllm_live.py does this itself).
vllm: $(STAMP)
	$(BIN)/python tests/vllm_harness.py

demo: setup
	$(BIN)/python -m kvscope.backend.demo $(ARGS)

test: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n 2 --dist loadfile $(PYTEST_ARGS)

bench: setup
	@for f in bench/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

fmt: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .venv-vllm .venv-vllm-install.log build *.egg-info .pytest_cache
