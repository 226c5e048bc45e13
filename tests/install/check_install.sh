#!/usr/bin/env bash
# Installs the build into a temporary prefix, then builds against it as other projects do: CMake
# (find_package(ovcl COMPONENTS ocl): tests/install/consumer, with ovcl::runtime and ovcl::ocl) and
# pkg-config (`pkg-config --cflags --libs ovcl`, the same consumer main.cpp). Runs each program and
# prints "ok" only when every one printed "ok".
set -euo pipefail
build_dir=$1
src_dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$src_dir/consumer" -B "$work/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" >/dev/null

expect_ok() {  # name command...: the command must print exactly "ok"
    local name=$1 out
    shift
    out=$("$@")
    if [ "$out" != ok ]; then
        echo "$name printed: $out" >&2
        exit 1
    fi
}
expect_ok "consumer (find_package)" "$work/build/consumer"
expect_ok "consumer_ocl (ovcl::ocl)" "$work/build/consumer_ocl"

# The .pc file is relocatable: it finds the prefix from its own place.
pc=$(find "$work/prefix" -name ovcl.pc)
export PKG_CONFIG_PATH=$(dirname "$pc")
[ "$(pkg-config --modversion ovcl)" = "$(sed -n 's/^Version: //p' "$pc")" ]
libdir=$(pkg-config --variable=libdir ovcl)
# shellcheck disable=SC2046  # pkg-config's flags are separate words
c++ -std=c++17 $(pkg-config --cflags ovcl) "$src_dir/consumer/main.cpp" -o "$work/consumer_pc" \
    $(pkg-config --libs ovcl) -Wl,-rpath,"$libdir"
expect_ok "consumer (pkg-config)" "$work/consumer_pc"
echo ok
