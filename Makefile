# The workspace's commands; README.md explains each. `make` alone builds.
#   make test   [P=<id>[/<case>]] [BIN=<program>]  judge solutions on their stored cases
#   make stress P=<id> [N=..] [SEED=..] [JOBS=..]  solution vs brute force on random inputs
#   make submit P=<id> [COPY=1]                print (and check) what to paste into the judge
#   make new    P=<id> [JUDGE=poj|leetcode|..] [TITLE=..] [URL=..] [CHECKER=1] [SNIPPET=<file>|-]
#                                              start a new problem (CHECKER=1: with a checker;
#                                              SNIPPET: from LeetCode's code template)
#   make bench  [P=<id>]                       speed, memory and growth
#   make check                                 everything CI runs

CARGO ?= cargo
RUNNER := target/release/judge
# The oldest rustc of the judges that take Rust: every paste is proven on it.
# Written once, as the workspace's rust-version (the runner reads it too).
JUDGE_RUST := $(shell sed -n 's/^rust-version = "\(.*\)"$$/\1/p' Cargo.toml)
PROBLEMS = $(notdir $(wildcard problems/*))
# `--flag "$VAR"` when VAR is set: make puts command-line variables in the
# recipe's environment, and the shell quotes them whatever they hold.
opt = $${$(2):+$(1) "$$$(2)"}

.PHONY: build test stress submit new bench check toolchain fmt-check clippy unit \
	judge-compile stress-smoke bench-smoke

# Silent, so that `make submit > paste.rs` holds only the paste.
build:
	@$(CARGO) build --release --workspace --quiet

test: build
	$(RUNNER) test $(P) $(call opt,--bin,BIN)

stress: build
	$(RUNNER) stress $(P) $(call opt,--count,N) $(call opt,--seed,SEED) $(call opt,--jobs,JOBS)

submit: build toolchain
	@$(RUNNER) submit $(P) $(if $(COPY),--copy)

# Builds the new problem at once, so it is listed and judged like the others.
new:
	@$(CARGO) build --release -p judge --quiet
	$(RUNNER) new $(P) $(call opt,--judge,JUDGE) $(call opt,--title,TITLE) $(call opt,--url,URL) \
		$(call opt,--snippet,SNIPPET) $(if $(CHECKER),--checker)
	@$(MAKE) --no-print-directory build

bench: build
	$(RUNNER) bench $(P)

# Installs the floor toolchain once; rustup is the one thing assumed present.
toolchain:
	@rustup toolchain list | grep -q '^$(JUDGE_RUST)' || \
		rustup toolchain install $(JUDGE_RUST) --profile minimal

fmt-check:
	$(CARGO) fmt --all --check

clippy:
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

# The submit tests compile pastes with the judges' toolchain too. Every
# process the tests start inherits JUDGE_TEST_MARKER; one still running after
# them is a leak, and fails the step with its pid and command line.
unit: toolchain
	@marker=judge-tests-$$$$; echo "JUDGE_TEST_MARKER=$$marker $(CARGO) test --workspace --quiet"; \
	JUDGE_TEST_MARKER=$$marker $(CARGO) test --workspace --quiet || exit 1; \
	left=$$(grep -lsxz "JUDGE_TEST_MARKER=$$marker" /proc/[0-9]*/environ); \
	[ -z "$$left" ] || { echo "the tests left these processes running:"; for f in $$left; do \
		dir=$${f%/environ}; echo "  $${dir#/proc/} $$(tr '\0' ' ' < $$dir/cmdline)"; done; exit 1; }

judge-compile: build toolchain
	$(RUNNER) submit --check

stress-smoke: build
	@for id in $(PROBLEMS); do $(RUNNER) stress $$id --count 300 --seed 1 || exit 1; done

bench-smoke: build
	$(RUNNER) bench --smoke

# The judge run comes last so its `N passed, N failed` line closes the output.
check: fmt-check clippy unit judge-compile stress-smoke bench-smoke
	$(MAKE) --no-print-directory test P=
