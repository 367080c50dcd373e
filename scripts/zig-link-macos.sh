#!/bin/sh
# A linker for cargo's Apple targets on a machine with no Xcode: zig's
# cc (PyPI's `ziglang`, which `make tools` installs) links Mach-O for
# arm64 and x86_64 against its own stubs of macOS's libSystem. Cargo
# calls it as CARGO_TARGET_<TRIPLE>_LINKER with a cc's arguments;
# the target comes from rustc's `-arch`. POSIX sh: it runs on a Mac too.
set -eu
target=
skip=
for arg in "$@"; do
	shift
	case $skip in
	arch)
		skip=
		case $arg in
		arm64) target=aarch64-macos ;;
		x86_64) target=x86_64-macos ;;
		*) echo "zig-link-macos.sh: unknown -arch $arg" >&2; exit 2 ;;
		esac
		continue ;;
	sysroot) skip=; continue ;;
	esac
	case $arg in
	-arch) skip=arch ;;
	-isysroot) skip=sysroot ;;
	*) set -- "$@" "$arg" ;;
	esac
done
[ -n "$target" ] || { echo "zig-link-macos.sh: no -arch among the arguments" >&2; exit 2; }
exec "${PYTHON:-python3}" -m ziglang cc -target "$target" "$@"
