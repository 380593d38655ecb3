#!/usr/bin/env bash
# A fuzz campaign: every target (or those named) for its equal share of SECONDS on all cores.
#
#   fuzz/campaign.sh SECONDS [parse | round-trip | TARGET...]
#
# With UNTIL_RUNS=N, targets whose runs over all campaigns have reached N are skipped and the
# time is shared among the rest.
#
# Seeds come from the project's fixture writers (each fuzz binary writes its own when
# PARKAN_FUZZ_SEEDS names a folder); each target's corpus, logs, findings and run totals stay in
# fuzz/campaign/ (untracked) between runs. Prints one row a target: runs and runs/s of this run,
# the corpus size, the findings (crash, timeout and OOM inputs kept so far) and the runs of
# every campaign so far. A finding is a bug: minimise it (`cargo fuzz tmin`), fix the parser and
# check the input in under tests/fuzz_findings/TARGET/, which tests/fuzz_replay.rs replays.
#
# Under a shared machine run it as `nice -n 19 fuzz/campaign.sh ...`.
set -euo pipefail

usage() { echo "usage: $0 SECONDS [parse | round-trip | TARGET...]" >&2; exit 2; }
[[ $# -ge 1 && $1 =~ ^[0-9]+$ ]] || usage
seconds=$1
shift

cd "$(dirname "$0")"
# cargo-fuzz's own flags need a nightly compiler; on stable the bootstrap switch lets them
# through. No sanitizer: the parsers are safe Rust, and a sanitizer would cost most of the runs.
export RUSTC_BOOTSTRAP=1
cargo fuzz build --sanitizer none -O >&2
bin=target/$(rustc -vV | sed -n 's/^host: //p')/release
state=campaign
mkdir -p "$state"

# Seed every target and learn its kind from the binary itself (its row in fuzzing::TARGETS).
declare -A kind
all=()
for t in $(cargo fuzz list); do
    rm -rf "$state/seeds/$t"
    # (libFuzzer's warnings about missing sanitizer hooks go to stderr.)
    read -r name k _ < <(PARKAN_FUZZ_SEEDS="$state/seeds/$t" "$bin/$t" 2>/dev/null)
    [[ $name == "$t" ]] || { echo "$t: seed writer said '$name'" >&2; exit 1; }
    kind[$t]=$k
    all+=("$t")
done

targets=()
if [[ $# -eq 0 ]]; then
    targets=("${all[@]}")
else
    for want in "$@"; do
        matched=0
        for t in "${all[@]}"; do
            if [[ $want == "$t" || $want == "${kind[$t]}" ]]; then targets+=("$t"); matched=1; fi
        done
        [[ $matched == 1 ]] || { echo "no target or kind '$want'; targets: ${all[*]}" >&2; exit 2; }
    done
fi

total_runs() { cat "$state/runs-$1" 2>/dev/null || echo 0; }
if [[ -n ${UNTIL_RUNS:-} ]]; then
    left=()
    for t in "${targets[@]}"; do (( $(total_runs "$t") < UNTIL_RUNS )) && left+=("$t"); done
    targets=("${left[@]}")
    (( ${#targets[@]} > 0 )) || { echo "every target has run $UNTIL_RUNS times" >&2; exit 0; }
fi

jobs=$(nproc)
share=$(( seconds / ${#targets[@]} ))
(( share >= 1 )) || share=1
echo "campaign: ${#targets[@]} targets, ${share}s each on $jobs cores" >&2

# An interrupted campaign takes its workers with it.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
rows=()
for t in "${targets[@]}"; do
    mkdir -p "$state/corpus/$t" "$state/findings/$t" "$state/logs"
    args=(-max_total_time="$share" -artifact_prefix="$state/findings/$t/" -print_final_stats=1)
    if [[ ${kind[$t]} == parse ]]; then
        # The cap of fuzzing::PARSE_MAX_LEN: longer inputs return at once.
        args+=(-max_len=65536 -timeout=10)
    else
        args+=(-timeout=60)
    fi
    # One worker a core on the one corpus folder (each reloads what the others add). Not
    # libFuzzer's fork mode: its short early jobs reload the corpus over and over, which costs
    # most of a share of a few minutes. A worker stops at its first finding.
    for w in $(seq 1 "$jobs"); do
        "$bin/$t" "${args[@]}" "$state/corpus/$t" "$state/seeds/$t" > "$state/logs/$t.$w.log" 2>&1 &
    done
    wait || true
    # A worker's last status line starts "#RUNS"; "Done RUNS runs" ends one that ran its time.
    runs=0
    for w in $(seq 1 "$jobs"); do
        log=$state/logs/$t.$w.log
        n=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$log" | tail -1)
        [[ -n $n ]] || n=$(sed -nE 's/^#([0-9]+)[[:space:]].*/\1/p' "$log" | tail -1)
        runs=$(( runs + ${n:-0} ))
    done
    total=$(( $(total_runs "$t") + runs ))
    echo "$total" > "$state/runs-$t"
    corpus=$(find "$state/corpus/$t" -type f | wc -l)
    findings=$(find "$state/findings/$t" -type f | wc -l)
    rows+=("$t ${kind[$t]} $runs $(( runs / share )) $corpus $findings $total")
done

printf '%-20s %-10s %12s %9s %7s %8s %13s\n' target kind runs runs/s corpus findings "total runs"
for r in "${rows[@]}"; do
    # shellcheck disable=SC2086
    printf '%-20s %-10s %12s %9s %7s %8s %13s\n' $r
done
