#!/usr/bin/env bash
# Refreshes the replayed corpus (tests/fuzz_corpus/TARGET/) from a campaign's corpora
# (fuzz/campaign/corpus/TARGET/): libFuzzer's merge keeps the inputs that add coverage, then the
# largest are dropped until the target's folder fits its budget (16 KiB, 64 files), so the tracked corpus stays a
# few hundred KB in all. The seeds need no place there: tests/fuzz_replay.rs replays them from
# the fixture writers.
#
#   fuzz/minimise.sh [TARGET...]        (default: every target)
set -euo pipefail

budget=${BUDGET_BYTES:-16384}
max_files=${MAX_FILES:-64}
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
cargo fuzz build --sanitizer none -O >&2
bin=target/$(rustc -vV | sed -n 's/^host: //p')/release
out=../tests/fuzz_corpus

targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=($(cargo fuzz list))
fi

for t in "${targets[@]}"; do
    # A round trip reads what its parse target reads, so that target's corpus is a source too.
    srcs=()
    # A target never fuzzed yet starts from the seeds a campaign wrote.
    for d in "campaign/corpus/$t" "campaign/corpus/${t}_parse"; do [[ -d $d ]] && srcs+=("$d"); done
    [[ ${#srcs[@]} -gt 0 || ! -d campaign/seeds/$t ]] || srcs+=("campaign/seeds/$t")
    [[ ${#srcs[@]} -gt 0 ]] || { echo "$t: no campaign corpus or seeds in fuzz/campaign/" >&2; exit 1; }
    tmp=$(mktemp -d)
    "$bin/$t" -merge=1 "$tmp" "${srcs[@]}" > "campaign/logs/$t.merge.log" 2>&1
    # Largest first out until the folder fits the byte budget, then smallest first (they reach
    # least) until it fits the file count.
    while (( $(cat "$tmp"/* 2>/dev/null | wc -c) > budget )); do
        rm -f "$tmp/$(ls -S "$tmp" | head -1)"
    done
    while (( $(ls "$tmp" | wc -l) > max_files )); do
        rm -f "$tmp/$(ls -Sr "$tmp" | head -1)"
    done
    rm -rf "${out:?}/$t"
    mkdir -p "$out/$t"
    cp "$tmp"/* "$out/$t/" 2>/dev/null || true
    rm -rf "$tmp"
    printf '%-20s %5d files %7d bytes\n' "$t" "$(ls "$out/$t" | wc -l)" "$(cat "$out/$t"/* 2>/dev/null | wc -c)"
done
