#!/usr/bin/env bash
# cgroup-v2-vm.sh fetch | run PAYLOAD COMMAND: a QEMU guest whose only cgroup hierarchy is v2.
#   fetch: once, QEMU, Debian's kernel and busybox as Debian packages (`apt-get download`,
#     about 90 MB; `apt-get update` first when root), unpacked with dpkg-deb into $V2VM_CACHE
#     (${XDG_CACHE_HOME:-$HOME/.cache}/judge-cgroup-v2). Nothing is installed on the machine.
#     Exits 3, saying why on stderr, when they cannot be fetched here.
#   run: boots the guest (emulated, 2 CPUs, 2 GiB, no network) with a copy of PAYLOAD at /ws
#     and the host's libraries its programs need, cgroup2 at /sys/fs/cgroup with
#     "+memory +pids +cpu" delegated and a user nobody (65534); runs COMMAND (a shell line)
#     in /ws as root. The console is stdout; exits with COMMAND's status, 125 when the guest
#     gave none within V2VM_TIMEOUT seconds (600).
# Linux alone (apt, QEMU's Linux build): elsewhere it exits 3, as when the guest cannot be fetched.
set -euo pipefail
[ "$(uname -s)" = Linux ] || { echo "cgroup-v2-vm: a Linux guest fetched through apt: Linux only" >&2; exit 3; }
cache=${V2VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/judge-cgroup-v2}
root=$cache/root

fetch() {
    [ -x "$root/usr/bin/qemu-system-x86_64" ] && [ -x "$root/bin/busybox" ] && [ -s "$root/kernel" ] && return
    cant() { echo "$*" >&2; exit 3; }
    command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || cant "no apt-get here to fetch QEMU and a kernel"
    # Lists that could not be refreshed may still do: what follows says when not.
    [ "$(id -u)" != 0 ] || apt-get update -qq >/dev/null 2>&1 || true
    kernel=$(apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}')
    [ -n "$kernel" ] || cant "apt knows no linux-image-amd64 (not Debian, or no package lists: apt-get update needs root and the network)"
    # QEMU and the libraries of it this machine lacks, as an install would bring them (simulated).
    sim=$(apt-get install -s --no-install-recommends qemu-system-x86 2>&1) || cant "apt cannot resolve QEMU: $(grep -m1 '^E:' <<<"$sim")"
    qemu=$(awk '/^Inst / {print $2}' <<<"$sim")
    echo "cgroup-v2-vm: fetching QEMU, $kernel and busybox into $cache, once"
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/fetch.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # shellcheck disable=SC2086 # one word per package
    (cd "$tmp" && apt-get download $(printf '%s\n' $qemu qemu-system-x86 "$kernel" busybox-static | sort -u)) \
        >"$tmp/log" 2>&1 || cant "apt-get download failed: $(grep -m1 '^E:' "$tmp/log" || tail -1 "$tmp/log")"
    mkdir "$tmp/root"
    for deb in "$tmp"/*.deb; do   # the kernel's modules (400 MB) stay out: the guest loads none
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp/root" --exclude='./lib/modules' --exclude='./usr/lib/modules'
    done
    # The ELF inside Debian's bzImage, which QEMU boots directly (PVH): half the boot under emulation.
    bz=$(ls "$tmp"/root/boot/vmlinuz-*)
    python3 - "$bz" "$tmp/root/kernel" <<'PY' 2>/dev/null || cp "$bz" "$tmp/root/kernel"
import lzma, sys
image = open(sys.argv[1], "rb").read()
elf = lzma.LZMADecompressor().decompress(image[image.index(b"\xfd7zXZ\0"):])
assert elf[:4] == b"\x7fELF"
open(sys.argv[2], "wb").write(elf)
PY
    rm -rf "$root" && mv "$tmp/root" "$root" && rm -rf "$tmp"
    echo "cgroup-v2-vm: ready in $root ($(du -sh "$root" | cut -f1))"
}

run() {
    fetch >&2
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    ir=$work/initramfs
    mkdir -p "$ir"/{bin,sbin,usr/bin,usr/sbin,lib64,dev,proc,sys,tmp,run,etc,root}
    cp "$root/bin/busybox" "$ir/bin/"
    for applet in $("$ir/bin/busybox" --list-full); do [ -e "$ir/$applet" ] || ln -s /bin/busybox "$ir/$applet"; done
    printf 'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534::/nonexistent:/bin/sh\n' >"$ir/etc/passwd"
    printf 'root:x:0:\nnogroup:x:65534:\n' >"$ir/etc/group"
    cp -a "$1/." "$ir/ws"
    # Every library the payload's dynamic programs load (ldd: `name => /path` and the loader), at its path.
    # (ldd fails on a static one, which needs none.)
    for lib in $(find "$ir/ws" -type f -perm -u+x -exec ldd {} + 2>/dev/null |
        awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// && $2 ~ /^\(0x/ {print $1}' | sort -u); do
        mkdir -p "$ir${lib%/*}" && cp -L "$lib" "$ir$lib"
    done
    printf '%s\n' "$2" >"$ir/command"
    cat >"$ir/init" <<'INIT'
#!/bin/sh
export PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
mount -t proc proc /proc && mount -t sysfs sysfs /sys && mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts
for dir in /tmp /dev/shm /run; do mount -t tmpfs -o mode=1777 tmpfs $dir; done
mount -t cgroup2 -o nsdelegate cgroup2 /sys/fs/cgroup
echo '+memory +pids +cpu' >/sys/fs/cgroup/cgroup.subtree_control
echo "guest: kernel $(uname -r), cgroup2 subtree_control: $(cat /sys/fs/cgroup/cgroup.subtree_control)"
cd /ws && sh /command </dev/null
echo "guest exit status: $?"
poweroff -f
INIT
    chmod +x "$ir/init"
    (cd "$ir" && find . | "$ir/bin/busybox" cpio -o -H newc 2>/dev/null) >"$work/initramfs.cpio"
    export LD_LIBRARY_PATH=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    timeout --foreground -k 5 "${V2VM_TIMEOUT:-600}" "$root/usr/bin/qemu-system-x86_64" \
        -L "$root/usr/share/seabios" -L "$root/usr/share/qemu" -machine q35,accel=tcg -cpu max \
        -smp 2 -m 2048 -nodefaults -no-user-config -display none -nic none -serial stdio -no-reboot \
        -kernel "$root/kernel" -initrd "$work/initramfs.cpio" \
        -append 'console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init i8042.noaux i8042.nokbd no_timer_check edd=off random.trust_cpu=on' \
        </dev/null | tr -d '\r' | tee "$work/console" || true
    status=$(sed -n 's/^guest exit status: \([0-9]*\)$/\1/p' "$work/console" | tail -1)
    exit "${status:-125}"
}

case ${1:-}/$# in
    fetch/1) fetch ;;
    run/3) run "$2" "$3" ;;
    *) echo "usage: $0 fetch | run PAYLOAD COMMAND" >&2; exit 2 ;;
esac
