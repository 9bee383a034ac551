#!/bin/bash -eu
# Builds every cargo-fuzz target and ships it with its seed corpus (from the regression
# corpus) to $OUT, as ClusterFuzzLite and OSS-Fuzz expect.
cd "$SRC/grundy"
cargo run --release -- fuzz-corpus --corpus corpus --out fuzz/corpus
cd fuzz
cargo fuzz build -O
for target in $(cargo fuzz list); do
    cp "target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
    if [ -d "corpus/$target" ]; then
        (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
done
