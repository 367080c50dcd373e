#!/usr/bin/env bash
# cgroup-v2-check.sh [WORKSPACE]: the sandbox's cgroup v2 path, for real, in one boot of the
# guest of scripts/cgroup-v2-vm.sh (fetched once through apt): as root and as nobody in a
# delegated cgroup, `judge sandbox` says cgroup v2, `judge test poj1143` is all AC, a program
# touching 256 MiB is MLE and a program runs at the root of its cgroup namespace, its init
# outside it; as nobody, three `judge sandbox` in a row from one shell leave at most
# one judge-runner level; no judge-<pid> cgroup is left after the runs.
# One `ok <what>` / `FAIL <what>: <detail>` line per check, then `N passed, N failed`; exit 1 if
# any failed, 2 if something is missing. Needs Linux, a built WORKSPACE (make build) and gcc.
# Elsewhere (a Mac), when the guest cannot be fetched here, or gcc is missing, the check is
# skipped, as a test is: one `skipped:` line, noted in $JUDGE_SKIPS; under CI=true a
# failure. Past the `uname` line it runs on Linux alone. V2VM_TIME_SCALE (30)
# stretches time limits for the emulated guest; V2VM_TIMEOUT (600 s) bounds the boot; the
# guest's whole output is kept in target/cgroup-v2-check/guest.log.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
vm=$repo/scripts/cgroup-v2-vm.sh
die() { echo "cgroup-v2-check: $*" >&2; exit 2; }
skip() {
    if [ "${CI:-}" = true ]; then echo "FAIL skipped: cgroup v2 check: $1; under CI=true a skip is a failure"; exit 1; fi
    echo "skipped: cgroup v2 check: $1"
    [ -z "${JUDGE_SKIPS:-}" ] || echo "cgroup v2 check: $1" >>"$JUDGE_SKIPS"
    exit 0
}
[ "$(uname -s)" = Linux ] || skip "not Linux (cgroups and the guest's kernel are Linux's)"
ws=$(realpath "${1:-$repo}")

[ -x "$ws/target/release/judge" ] || die "no $ws/target/release/judge: build first (make build)"
command -v gcc >/dev/null || skip "no gcc here (the MLE test program is compiled on this machine)"
# The fetch's progress goes to stderr, its reason for failing into $why.
why=$("$vm" fetch 3>&1 1>&2 2>&3) || { [ $? = 3 ] && skip "$why"; die "cannot fetch the guest: $why"; }

out=$ws/target/cgroup-v2-check
mkdir -p "$out"
# Among the release executables, which the guest's copy of the workspace holds.
mle=$ws/target/release/cgroup-v2-mle
gcc -O1 -static -o "$mle" -x c - <<'C' || skip "gcc -static failed (no static libc here?)"
#include <stdlib.h>
int main(void) {
    size_t n = (size_t)256 << 20, i;
    char *p = malloc(n);
    if (!p) return 3;
    for (i = 0; i < n; i += 4096) p[i] = 1;
    return p[n - 4096] - 1;
}
C

# The guest side (busybox sh). Each step prints `@@begin NAME`, its output and `@@end NAME RC`;
# the host grades the blocks. As nobody, the nesting steps come first, from a fresh shell in
# the delegated cgroup, so that the tree they leave is theirs alone.
guest=$(printf "MLE='%s'\n" "target/release/${mle##*/}"; cat <<'GUEST'
J=target/release/judge
# A shell line: its own cgroup, then its init's (PID 1 of the box).
PLACES='cat /proc/self/cgroup; echo @; cat /proc/1/cgroup'
cat > /tmp/lib.sh <<'LIB'
step() {
    n=$1; shift; f=/tmp/step.$(id -u).out
    echo "@@begin $n"
    "$@" </dev/null >"$f" 2>&1; rc=$?
    cat "$f"; [ -z "$(tail -c1 "$f")" ] || echo
    echo "@@end $n $rc"
}
LIB
. /tmp/lib.sh
step root-sandbox $J sandbox
step root-test $J test poj1143
step root-mle $J run poj1143 --bin "$MLE"
step root-cgroups $J run poj1143 --bin "$PLACES"

mkdir /sys/fs/cgroup/u && chown 65534:65534 /sys/fs/cgroup/u /sys/fs/cgroup/u/cgroup.procs \
    /sys/fs/cgroup/u/cgroup.subtree_control /sys/fs/cgroup/u/cgroup.threads
cp -r /ws /tmp/ws && chown -R 65534:65534 /tmp/ws
{ echo "MLE='$MLE' J=$J PLACES='$PLACES'"; cat <<'NOBODY'
. /tmp/lib.sh
cd /tmp/ws
step nest-1 $J sandbox
step nest-2 $J sandbox
step nest-3 $J sandbox
step nest-shell cat /proc/$$/cgroup
step nest-tree find /sys/fs/cgroup/u -type d
step nobody-sandbox $J sandbox
step nobody-test $J test poj1143
step nobody-mle $J run poj1143 --bin "$MLE"
step nobody-cgroups $J run poj1143 --bin "$PLACES"
NOBODY
} > /tmp/nobody.sh
sh -c 'echo $$ > /sys/fs/cgroup/u/cgroup.procs && exec su -s /bin/sh nobody -c "sh /tmp/nobody.sh"'
step final-tree find /sys/fs/cgroup/u -type d
step leftover find /sys/fs/cgroup -type d -name 'judge-*'
GUEST
)

# The guest's copy of the workspace: what `judge` reads, and the built programs (nothing is
# compiled inside), time limits stretched.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r "$ws/Cargo.toml" "$ws/problems" "$ws/judge-data" "$copy/"
(cd "$ws" && cp --parents scripts/*/Cargo.toml "$copy/")
mkdir -p "$copy/target/release"
find "$ws/target/release" -maxdepth 1 -type f -perm -u+x -exec cp -t "$copy/target/release" {} +
perl -pi -e 's/^(time_limit_ms\s*=\s*)(\d+)/$1 . $2 * '"${V2VM_TIME_SCALE:-30}"'/e' "$copy"/judge-data/*/problem.toml

log=$out/guest.log
echo "cgroup-v2-check: booting the cgroup v2 guest (about 20 s; log: $log)" >&2
set +e
V2VM_TIMEOUT=${V2VM_TIMEOUT:-600} "$vm" run "$copy" "$guest" >"$log" 2>&1
vm_status=$?
set -e
# The guest's console is a terminal: the runner colours its verdicts there.
clean=$(sed 's/\x1b\[[0-9;]*m//g' "$log")

block() { awk -v n="$1" '$0 == "@@begin " n {on=1; next} on && index($0, "@@end " n " ") == 1 {exit} on' <<<"$clean"; }
rc() { awk -v n="$1" 'index($0, "@@end " n " ") == 1 {print $3; exit}' <<<"$clean"; }
ran() { [ -n "$(rc "$1")" ]; }

passed=0 failed=0
ok() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
missing() { fail "$1" "step $2 gave no output (guest status $vm_status; see $log)"; }

check_sandbox() {   # who step identity: the first line names cgroup v2, namespaces and the identity
    local what="$1: judge sandbox says $3, namespaces, seccomp and cgroup v2" first
    ran "$2" || { missing "$what" "$2"; return; }
    first=$(block "$2" | head -1)
    case $first in
        *"$3"*"seccomp filter, pid+mount"*"cgroup v2"*) ok "$what" ;;
        *) fail "$what" "first line: $first" ;;
    esac
}
check_test() {
    local what="$1: judge test poj1143 all AC" rows bad summary
    ran "$2" || { missing "$what" "$2"; return; }
    rows=$(block "$2" | awk '$1 == "poj1143" && NF >= 3')
    bad=$(awk '$3 != "AC" {print $2 " " $3}' <<<"$rows" | paste -sd, -)
    summary=$(block "$2" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
    if [ -n "$rows" ] && [ -z "$bad" ] && [ "$(rc "$2")" = 0 ]; then ok "$what ($summary)"
    else fail "$what" "${bad:+not AC: $bad; }${summary:-no summary line}, exit $(rc "$2")"; fi
}
check_mle() {
    local what="$1: 256 MiB touched under a 64 MiB limit is MLE" verdict
    ran "$2" || { missing "$what" "$2"; return; }
    verdict=$(block "$2" | grep -Ev '^sandbox:' | head -1)
    case $verdict in MLE*) ok "$what" ;; *) fail "$what" "got: ${verdict:-nothing}" ;; esac
}
check_places() {   # the program sees its cgroup as its namespace's root, the init outside it
    local what="$1: the program runs at its cgroup namespace's root, its init outside it" self init
    ran "$2" || { missing "$what" "$2"; return; }
    self=$(block "$2" | sed -n '/^0::/{p;q;}')
    init=$(block "$2" | sed -n '/^@$/,${/^0::/p;}' | head -1)
    case $init in
        0::/..*) [ "$self" = 0::/ ] && { ok "$what"; return; } ;;
    esac
    fail "$what" "program in ${self:-?}, init in ${init:-?}"
}

check_sandbox root root-sandbox 'a box per run'
check_test root root-test
check_mle root root-mle
check_places root root-cgroups

what="nobody: three judge sandbox in a row from one shell leave one judge-runner level at most"
if ran nest-3 && ran nest-shell && ran nest-tree; then
    shell=$(block nest-shell | head -1)
    deep=$( { echo "$shell"; block nest-tree; } | grep 'judge-runner/judge-runner' || true)
    if [ -z "$deep" ]; then ok "$what (shell in ${shell#0::})"
    else fail "$what" "shell in ${shell#0::}; deepest cgroup ${deep##*$'\n'}"; fi
else missing "$what" nest-tree; fi

check_sandbox nobody nobody-sandbox 'uid 65534 in a user namespace'
check_test nobody nobody-test
check_mle nobody nobody-mle
check_places nobody nobody-cgroups

what="no judge-<pid> cgroup left after the runs"
if ran leftover; then
    left=$(block leftover | grep -E '/judge-(probe-)?[0-9]+$' | paste -sd' ' - || true)
    if [ -z "$left" ]; then ok "$what"; else fail "$what" "$left"; fi
else missing "$what" leftover; fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
