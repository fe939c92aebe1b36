# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV := $(VENV)/.dev-installed

.PHONY: demo test unit axe random bench loadtest fuzz mutate clean chromium i18n

# What the program needs to run, and nothing else: `make demo` installs only this.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	$(BIN)/python -m compileall -q src
	touch $(STAMP)

# The development tools on top (pytest, hypothesis, mypy, ruff, httpx, playwright, dask): tests, fuzz, benchmarks.
$(DEV): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(DEV)

demo: $(STAMP)
	$(BIN)/sonneborn demo

# The browser tests drive Debian's chromium (never a downloaded browser).
CHROMIUM := $(shell command -v chromium 2>/dev/null)

# axe-core for the browser tests' accessibility check, from the npm registry, pinned; under build/, never committed.
AXE_VERSION := 4.10.3
AXE := build/node_modules/axe-core/axe.min.js

$(AXE):
	npm install --silent --no-save --no-package-lock --prefix build axe-core@$(AXE_VERSION)

axe: $(AXE)

test: $(DEV) chromium $(AXE)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/pytest

chromium:
ifeq ($(CHROMIUM),)
	apt-get update -qq && apt-get install -y -qq chromium
endif

unit: $(DEV) $(AXE)
	$(BIN)/pytest

# The property tests with fresh random examples, twenty times as many (Hypothesis profile "long",
# tests/hypothesis_profiles.py), and the kernels against their oracle on 5,000 random events from a seed
# that changes every run (printed; SONNEBORN_FIRST_EVENT=N replays it), and the team kernels against the team
# oracle on 400 random team events; `make test` runs the same tests
# derandomized, the same examples every time. A failure prints the example and a blob to replay it with
# @reproduce_failure.
FIRST_EVENT ?= $(shell date +%s)
random: $(DEV)
	@echo "random events from seed $(FIRST_EVENT)"
	HYPOTHESIS_PROFILE=long SONNEBORN_FIRST_EVENT=$(FIRST_EVENT) SONNEBORN_EVENTS=5000 SONNEBORN_TEAM_EVENTS=400 \
		$(BIN)/pytest -p no:cacheprovider tests/test_properties.py tests/test_engine_equivalence.py \
		tests/test_team_equivalence.py

# Speed and memory runs: not tests, figures for benchmarks/README.md.
# 100,000 mutated files per reader: the only outcomes allowed are a result or a clean error.
fuzz: $(DEV)
	$(BIN)/python fuzz/run.py --inputs 100000 --reader all

# 60 s of mixed requests against a server on 127.0.0.1: zero 5xx, p99, memory across the run.
loadtest: $(DEV)
	$(BIN)/python loadtest/run.py

# The byte code is compiled first, as an installed package has it: an editable install under
# PYTHONDONTWRITEBYTECODE would otherwise compile every module again on every run.
bench: $(DEV)
	$(BIN)/python -m compileall -q src
	$(BIN)/python benchmarks/run.py --batch; status=$$?; $(BIN)/python benchmarks/pgn_memory.py && exit $$status

# Mutation testing of the tie-break kernels and the ranking (docs/mutation.md): about 70 minutes on 2 cores,
# never part of `make test`. Prints the score and every survivor; fails under 90 % killed or on a survivor
# that docs/mutation.md does not explain. mutmut comes with the extra [mutate], into .venv only.
MUTATE_STAMP := $(VENV)/.mutate-installed

$(MUTATE_STAMP): $(STAMP) pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev,mutate]'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	$(BIN)/python mutation/run.py

# The catalogues (docs/languages.md): the texts extracted from the code and the report templates into
# locale/sonneborn.pot, each language's .po updated from it (the .po files are the source of truth), and
# compiled to the .mo files the package ships. tests/test_issue21_languages.py fails on a stale .mo.
LOCALE := src/sonneborn/locale
i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k NP_:1,2 -k say -k format -k gettext -k ngettext:1,2 --no-location \
		--sort-output --add-comments=Translators: --project=sonneborn --copyright-holder=sonneborn \
		-o $(LOCALE)/sonneborn.pot .
	$(BIN)/pybabel update -i $(LOCALE)/sonneborn.pot -d $(LOCALE) -D sonneborn --no-fuzzy-matching -w 120
	$(BIN)/pybabel compile -d $(LOCALE) -D sonneborn --statistics

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache mutants
