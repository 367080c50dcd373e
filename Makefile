# The workspace's commands; README.md explains each. `make` alone builds.
#   make test   [P=<id>[/<case>]] [BIN=<program>]  judge solutions on their stored cases
#               [SOL=|BRUTE=<program>]         (SOL: as BIN; BRUTE: a brute force, on them)
#   make stress P=<id> [N=..] [SEED=..] [JOBS=..]  solution vs brute force on random inputs
#               [SOL=..] [BRUTE=..] [GEN=..]   (the runner's --sol, --brute, --gen)
#   make submit P=<id> [COPY=1]                print (and check) what to paste into the judge
#   make new    P=<id> [JUDGE=poj|leetcode|..] [TITLE=..] [URL=..] [CHECKER=1] [SNIPPET=<file>|-]
#               [INTERACTIVE=1]                start a new problem (CHECKER=1: with a checker;
#                                              SNIPPET: from LeetCode's code template;
#                                              INTERACTIVE=1: with an interactor)
#   make snippet S=<name> P=<id>               paste a library snippet (and what it needs) into a solution
#   make bench  [P=<id>]                       speed, memory and growth (without P: the snippets' too)
#   make run    P=<id> [IN=<file>|CASE=<name>] [BIN=..]  one run, output and status
#   make import [PORT=<n>] [ONCE=1]            problems from Competitive Companion
#   make sandbox                               what the sandbox contains here, what is missing
#   make import PKG=<folder|zip> [ID=..] [FORCE=1]  a problem package (Kattis, ICPC, DOMjudge, Polygon)
#   make verify P=<id> [MATRIX=1]              every labelled submission of an imported package
#                                              (MATRIX=1: which case rejects which wrong one)
#   make validate P=<id> [N=..] [SEED=..]      the input validators on every input
#   make mutants P=<id> [N=..] [SEED=..] [JOBS=..] [SAVE=1]  how strong the cases are: the solution's mutants
#   make fmt                                   format every crate
#   make check                                 everything CI runs
#   make check-v2                              the sandbox under a cgroup v2 kernel (a QEMU guest)
# BIN, SOL, BRUTE and GEN (the runner's --bin, --sol, --brute, --gen) may be a source
# (.rs/.cpp/.c/.java/.py/...) or a folder.

CARGO ?= cargo
RUNNER := target/release/judge
# The floor rustc, no newer than any judge that takes Rust: every paste is proven on it.
# Written once, as the workspace's rust-version (the runner reads it too).
JUDGE_RUST := $(shell sed -n 's/^rust-version = "\(.*\)"$$/\1/p' Cargo.toml)
PROBLEMS = $(notdir $(wildcard problems/*))
# `--flag "$VAR"` when VAR is set: make puts command-line variables in the
# recipe's environment, and the shell quotes them whatever they hold.
opt = $${$(2):+$(1) "$$$(2)"}

# A variable given on the command line that no target reads is a typo
# (CHEKER=1): warned about, naming the nearest known one.
KNOWN_VARS := P BIN SOL BRUTE GEN N SEED JOBS COPY SAVE JUDGE TITLE URL CHECKER SNIPPET INTERACTIVE S IN CASE \
	PORT ONCE PKG ID FORCE MATRIX CARGO TOOLS JUDGE_RUST RUNNER PROBLEMS
given = $(foreach v,$(.VARIABLES),$(if $(filter command line,$(origin $(v))),$(v)))
nearest = $(shell echo $(1) $(KNOWN_VARS) | awk 'function d(s, t, i, j, m, n, c, x, a) { \
	m = length(s); n = length(t); for (i = 0; i <= m; i++) a[i, 0] = i; for (j = 0; j <= n; j++) a[0, j] = j; \
	for (i = 1; i <= m; i++) for (j = 1; j <= n; j++) { c = substr(s, i, 1) != substr(t, j, 1); \
	x = a[i-1, j] + 1; if (a[i, j-1] + 1 < x) x = a[i, j-1] + 1; if (a[i-1, j-1] + c < x) x = a[i-1, j-1] + c; \
	a[i, j] = x } return a[m, n] } \
	{ b = 3; for (k = 2; k <= NF; k++) if ((e = d($$1, $$k)) < b) { b = e; w = $$k } if (w) print w }')
$(foreach v,$(filter-out $(KNOWN_VARS),$(given)),$(warning unknown make variable $(v)$(if \
	$(call nearest,$(v)),: did you mean $(call nearest,$(v))?, (known: $(KNOWN_VARS)))))

.PHONY: build test stress submit new snippet bench run import verify validate mutants sandbox fmt check check-v2 \
	toolchain tools fmt-check clippy unit judge-compile snippet-check stress-smoke bench-smoke

# Cargo's progress on a terminal; quiet otherwise, so that a log stays short.
# Cargo writes to stderr either way: `make submit > paste.rs` holds only the paste.
build:
	@if [ -t 1 ]; then $(CARGO) build --release --workspace; \
	else $(CARGO) build --release --workspace --quiet; fi

# One program judged instead of the built solution: BIN= or SOL= (the same),
# or BRUTE=, a brute force proven on the stored cases before a stress.
test: build
	@$(if $(GEN),$(error GEN= is make stress's: make test judges the stored cases))
	@set -- $${BIN:+x} $${SOL:+x} $${BRUTE:+x}; [ $$# -le 1 ] || \
		{ echo "make test judges one program: BIN=, SOL= or BRUTE=" >&2; exit 2; }
	@$(RUNNER) test $(P) $(call opt,--bin,BIN) $(call opt,--bin,SOL) $(call opt,--bin,BRUTE)

stress: build
	@$(RUNNER) stress $(P) $(call opt,--count,N) $(call opt,--seed,SEED) $(call opt,--jobs,JOBS) \
		$(call opt,--sol,SOL) $(call opt,--brute,BRUTE) $(call opt,--gen,GEN)

submit: build toolchain
	@$(RUNNER) submit $(P) $(if $(COPY),--copy)

# Builds the new problem at once, so it is listed and judged like the others.
new:
	@$(CARGO) build --release -p judge --quiet
	@$(RUNNER) new $(P) $(call opt,--judge,JUDGE) $(call opt,--title,TITLE) $(call opt,--url,URL) \
		$(call opt,--snippet,SNIPPET) $(if $(CHECKER),--checker) $(if $(INTERACTIVE),--interactive)
	@$(MAKE) --no-print-directory build

# S is the snippet (`judge snippet list` lists them), P the problem.
snippet:
	@$(CARGO) build --release -p judge --quiet
	@$(RUNNER) snippet add $(S) $(P)

# Without P, the snippets' bench follows: each against its textbook and naive
# versions (docs/snippets.md keeps the figures).
bench: build
	@$(RUNNER) bench $(P)
	@$(if $(P),,echo "== snippets against their textbook and naive versions"; \
		target/release/snippets-bench)

# Without IN or CASE the input is read from stdin (typed, or piped into make).
run: build
	@$(RUNNER) run $(P) $(call opt,--in,IN) $(call opt,--case,CASE) $(call opt,--bin,BIN)

sandbox: build
	@$(RUNNER) sandbox

# This machine mounts cgroup v1, most users' v2: one boot of a QEMU guest with
# Debian's kernel (scripts/cgroup-v2-vm.sh fetches it once through apt) runs the
# sandbox there as root and in a delegated cgroup. Where it cannot be fetched, a
# skip (a failure under CI=true).
check-v2: build
	@echo "== the sandbox under a cgroup v2 kernel"
	@JUDGE_SKIPS=$(CURDIR)/target/skips scripts/cgroup-v2-check.sh

# An imported package's labelled submissions, each against its label; the format's time limit.
# MATRIX=1: the wrong ones on every case, which case rejects which, a smallest set rejecting all.
verify: build
	@$(RUNNER) verify $(P) $(if $(MATRIX),--matrix)

# The input validators on every stored input and on generated ones.
validate: build
	@$(RUNNER) validate $(P) $(call opt,--count,N) $(call opt,--seed,SEED)

# Mutants of the solution on the stored cases, survivors stressed; SAVE=1
# keeps what killed one as judge-data/<id>/mutant-<name>.in (target/mutants.md: the report).
mutants: build
	@$(RUNNER) mutants $(P) $(call opt,--count,N) $(call opt,--seed,SEED) $(call opt,--jobs,JOBS) $(if $(SAVE),--save)

fmt:
	@$(CARGO) fmt --all
	@echo "formatted every crate"

# Listens until Ctrl-C (or one batch with ONCE=1) at once, as the runner built
# last (only the first import waits for it to be built): the runner is rebuilt
# behind the listener, and each new problem is built after that. PKG= waits.
import:
	@$(if $(PKG),,[ -x $(RUNNER) ] ||) $(CARGO) build --release -p judge --quiet
	@$(RUNNER) import $(call opt,--port,PORT) $(if $(ONCE),--once) $(if $(PKG),,--build-runner) \
		$(call opt,--package,PKG) $(call opt,--id,ID) $(if $(FORCE),--force)

# Installs the floor toolchain once; rustup is the one thing assumed present.
toolchain:
	@rustup toolchain list | grep -q '^$(JUDGE_RUST)' || \
		rustup toolchain install $(JUDGE_RUST) --profile minimal

# The Mac targets and their linker (zig, from PyPI's ziglang), with which
# tests/macos.rs links the runner for both Macs: installed
# by `tools` too, and a test needing a missing one skips.
MAC_TARGETS := aarch64-apple-darwin x86_64-apple-darwin
# The foreign programs the tests compile and run (testlib checkers, package
# submissions, validators): installed through apt when root, as the floor rustc
# is through rustup; elsewhere named, and the tests needing them skip (a
# failure under CI=true).
TOOLS := g++:g++ gcc:gcc python3:python3 pypy3:pypy3 javac:default-jdk-headless git:git
tools:
	@missing=$$(for t in $(TOOLS); do command -v $${t%%:*} >/dev/null || echo $${t#*:}; done); \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "== installing $$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	else echo "missing (tests needing them skip): $$missing"; fi
	@installed=$$(rustup target list --installed); for t in $(MAC_TARGETS); do \
		echo "$$installed" | grep -qx $$t || rustup target add $$t || \
		echo "missing (tests needing it skip): rustup target $$t"; done
	@python3 -c 'import ziglang' 2>/dev/null || python3 -m pip install --quiet ziglang || \
		echo "missing (tests needing it skip): ziglang (pip)"

fmt-check:
	@echo "== formatting (make fmt fixes it)"
	@$(CARGO) fmt --all --check

clippy:
	@echo "== clippy"
	@$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

# The submit tests compile pastes with the judges' toolchain too, and a
# checker problem's own tests judge under the built runner. Every process the
# tests start inherits JUDGE_TEST_MARKER; one still running after them is a
# leak, and fails the step with its pid and command line. They are found in
# /proc: where there is none (macOS), the step says it did not look.
unit: build toolchain tools
	@echo "== unit tests"
	@marker=judge-tests-$$$$; rm -f target/skips; \
	JUDGE_TEST_MARKER=$$marker JUDGE_SKIPS=$(CURDIR)/target/skips $(CARGO) test --workspace || exit 1; \
	[ -d /proc/self ] || { echo "no /proc here: processes the tests left running are not looked for"; exit 0; }; \
	left=$$(grep -lsxz "JUDGE_TEST_MARKER=$$marker" /proc/[0-9]*/environ); \
	[ -z "$$left" ] || { echo "the tests left these processes running:"; for f in $$left; do \
		dir=$${f%/environ}; echo "  $${dir#/proc/} $$(tr '\0' ' ' < $$dir/cmdline)"; done; exit 1; }

judge-compile: build toolchain
	@echo "== every paste compiled alone, as make submit proves it"
	@$(RUNNER) submit --check

# Copies that drifted from the library fail here, as a drifted skeleton
# fails the unit tests; then every snippet is compiled as it is pasted.
snippet-check: build toolchain
	@echo "== snippet copies against the library, and every snippet compiled alone and pasted"
	@$(RUNNER) snippet check
	@$(RUNNER) snippet prove

# Every problem, every failure named; found cases go under target/, never
# into judge-data/ (the message gives the `cp` that keeps one).
stress-smoke: build
	@echo "== stress, 300 seeds per problem"
	@$(RUNNER) stress $(PROBLEMS) --count 300 --seed 1 --save-dir target/stress-found

bench-smoke: build
	@echo "== bench smoke run"
	@$(RUNNER) bench --smoke

# The judge run comes last so its `N passed, N failed` line closes the output.
check: fmt-check clippy unit judge-compile snippet-check stress-smoke bench-smoke check-v2
	@[ ! -s target/skips ] || { echo "== skipped tests, by why (CI=true fails them)"; \
		sort target/skips | uniq -c | sed 's/^ *\([0-9]*\) /  \1 skipped: /'; }
	@echo "== every solution on its stored cases"
	@$(MAKE) --no-print-directory test P=
