# The workspace's commands; README.md explains each. `make` alone builds.
#   make test [P=<id>] [BIN=<program>]   judge solutions on their stored cases
#   make check                           everything CI runs

CARGO ?= cargo
JUDGE := target/release/judge
# Quoted for the shell so a command with spaces stays one argument.
BIN_ARG = $(if $(BIN),--bin '$(BIN)')

.PHONY: build test check fmt-check clippy unit

build:
	$(CARGO) build --release --workspace --quiet

test: build
	$(JUDGE) test $(P) $(BIN_ARG)

fmt-check:
	$(CARGO) fmt --all --check

clippy:
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

unit:
	$(CARGO) test --workspace --quiet

# The judge run comes last so its `N passed, N failed` line closes the output.
check: fmt-check clippy unit
	$(MAKE) --no-print-directory test P=
