#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -output and -input under mpirun (docs/hdf5.md, "Runs across ranks"), through the real binaries.
# usage: save_restart.sh CASE MPIEXEC APP CHECK PYTHON WORK_DIR
#   restart       save on 2x2 ranks; restart on 3x1 ranks, in one plain process and (from a
#                 single-process file) on 1x2 ranks; every saved state bit-identical
#                 (stencil_check) to one uninterrupted single-process run; temporal -fuse 8 too;
#                 a 1-D variant saved on 1x3, restarted on 1x2 and in one process
#   h5py          h5py reads the virtual dataset as one N x N dataset equal to the single-process
#                 one and recomputes every tile's hash (exit 77, skipped, without h5py/xxhash)
#   corrupt       a tile file from another save, or missing, is refused: exit 2, one line, in
#                 stencil_check, a plain restart and a restart under mpirun
#   unhashed_swap with every content hash stripped (STENCIL_STRIP_HASHES, as a build without
#                 xxHash writes the files), the set still restarts bit-exact (mpirun and plain);
#                 a tile file of another save of the same shape copied over one of the set is
#                 refused by its save_set_id: exit 2, one line naming the tile, in stencil_check,
#                 a plain restart and a restart under mpirun
#   failed_save   a save that fails in the ranks' tile files (file-size limit) exits 1 and leaves
#                 the earlier set byte for byte as it was, with no temporaries or new tile files;
#                 an output in a missing directory is refused at once (exit 2, one line)
#   redirect      HDF5_VDS_PREFIX pointing at other tile files does not change what a restart
#                 under mpirun reads: each rank reads the tile files it verified
#   names         run.h5, run.hdf5 and run share no tile file or sidecar; a save through a
#                 symlink reads back through it (mpirun, plain, stencil_check); a name whose tile
#                 files would pass NAME_MAX is refused before the run (exit 2, one line)
#   node_memory   ranks that fit one by one but not together on their node are refused (exit 2,
#                 one line) before they allocate (the available memory faked by the test hook)
#   quiet         without OMP_PROC_BIND, a clean 2-rank run prints nothing on stderr and a refused
#                 one only its one error line: no Kokkos OMP_PROC_BIND warning from each rank
set -u
case_name=$1 mpiexec=$2 app=$3 check=$4 python=$5 work=$6

# shellcheck source=cpu_backend.sh
. "$(dirname "${BASH_SOURCE[0]}")/cpu_backend.sh"
cpu_backend "$app" naive temporal halo1d
[ ${#impl[@]} -gt 0 ] || { echo "skipped: no CPU model of this build has naive, temporal and halo1d"; exit 77; }

rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
session_dir=$(mktemp -d /tmp/stencil-mpi.XXXXXX)  # see miniapp_job.cmake
export OMPI_MCA_orte_tmpdir_base=$session_dir
trap 'rm -rf "$session_dir"' EXIT

fail() {
  echo "FAILED: $*"
  exit 1
}
# ranks decomp args...: the mini-app under mpirun; stdout to last.out, stderr to last.err.
job() {
  local ranks=$1 decomp=$2
  shift 2
  "$mpiexec" -n "$ranks" "$app" "${impl[@]}" -no-progress -decomp "$decomp" "$@" \
    >last.out 2>last.err
}
plain() { "$app" "${impl[@]}" -no-progress "$@" >last.out 2>last.err; }
# a b: stencil_check must find the two states bit-identical.
same() {
  "$check" "$1" "$2" >check.out 2>&1 || fail "$1 differs from $2: $(cat check.out)"
  grep -q "PASSED (bit-identical)" check.out || fail "$1 vs $2: $(cat check.out)"
}
errors() { grep -c "stencil_miniapp: error:" last.err; }
# status pattern: exit 2 and exactly one error line that matches.
refused() {
  local rc=$1 pattern=$2
  [ "$rc" -eq 2 ] || fail "expected exit 2, got $rc: $(cat last.err)"
  [ "$(errors)" -eq 1 ] || fail "expected one error line: $(cat last.err)"
  grep "stencil_miniapp: error:" last.err | grep -q -- "$pattern" ||
    fail "the error line does not say '$pattern': $(cat last.err)"
}
no_temporaries() {
  if ls -a | grep -q "\.tmp-"; then fail "temporaries left: $(ls -a)"; fi
  if ls -a | grep -q "\.lock$"; then fail "lock file left: $(ls -a)"; fi
}

grid=(-variant naive -n 41)
case $case_name in
  restart)
    for variant in naive temporal; do
      args=(-variant "$variant" -n 41)
      [ "$variant" = temporal ] && args+=(-fuse 8)  # passes of 4, as deep as the saves allow
      plain "${args[@]}" -iters 12 -save-every 4 -output single.h5 || fail "single: $(cat last.err)"
      job 4 2x2 "${args[@]}" -iters 12 -save-every 4 -output run.h5 -verify ||
        fail "2x2 save: $(cat last.err)"
      grep -q "verification     : PASSED" last.out || fail "2x2 save: $(cat last.out)"
      [ "$(ls run.*.rank*of4.h5 | wc -l)" -eq 4 ] || fail "expected 4 tile files: $(ls)"
      for step in 000000 000004 000008 000012; do
        same "run.h5:/step_$step/u" "single.h5:/step_$step/u"
      done
      job 3 3x1 -input run.h5:/step_000004/u -iters 8 -save-every 4 -output rest3.h5 -verify \
        "${args[@]}" || fail "3x1 restart: $(cat last.err)"
      grep -q "verification     : PASSED" last.out || fail "3x1 restart: $(cat last.out)"
      grep -q "steps 4 -> 12" last.out || fail "3x1 restart did not continue the count"
      same rest3.h5:/step_000008/u single.h5:/step_000008/u
      same rest3.h5 single.h5
      plain -input run.h5:/step_000004/u -iters 8 -output rest1.h5 "${args[@]}" ||
        fail "plain restart: $(cat last.err)"
      same rest1.h5 single.h5
      job 2 1x2 -input single.h5:/step_000008/u -iters 4 -output rest2.h5 -verify \
        "${args[@]}" || fail "1x2 restart from a plain file: $(cat last.err)"
      same rest2.h5 single.h5
      # The comparison can fail: another step of the same run is not bit-identical.
      if "$check" rest3.h5:/step_000008/u single.h5:/step_000012/u >/dev/null 2>&1; then
        fail "stencil_check passed two different states"
      fi
    done
    # A 1-D grid: its row split over 1 x 3 ranks, restarted on 1 x 2 and in one process.
    args=(-variant halo1d -n 1001)
    plain "${args[@]}" -iters 12 -save-every 4 -output single1d.h5 || fail "1-D single: $(cat last.err)"
    job 3 1x3 "${args[@]}" -iters 12 -save-every 4 -output run1d.h5 -verify ||
      fail "1-D 1x3 save: $(cat last.err)"
    same run1d.h5 single1d.h5
    job 2 1x2 -input run1d.h5:/step_000004/u -iters 8 -save-every 4 -output rest1d.h5 -verify \
      "${args[@]}" || fail "1-D 1x2 restart: $(cat last.err)"
    grep -q "verification     : PASSED" last.out || fail "1-D 1x2 restart: $(cat last.out)"
    same rest1d.h5 single1d.h5
    plain -input run1d.h5:/step_000008/u -iters 4 -output plain1d.h5 "${args[@]}" ||
      fail "1-D plain restart: $(cat last.err)"
    same plain1d.h5:/step_000012/u single1d.h5:/step_000012/u
    ;;
  h5py)
    if ! "$python" -c "import h5py, numpy, xxhash" 2>/dev/null; then
      echo "SKIPPED: $python has no h5py, numpy or xxhash"
      exit 77
    fi
    plain "${grid[@]}" -iters 6 -save-every 3 -output single.h5 || fail "$(cat last.err)"
    job 4 2x2 "${grid[@]}" -iters 6 -save-every 3 -output run.h5 || fail "$(cat last.err)"
    "$python" "$(dirname "$0")/check_virtual_with_h5py.py" run.h5 single.h5 || exit 1
    ;;
  corrupt)
    job 4 2x2 "${grid[@]}" -iters 4 -output a.h5 || fail "$(cat last.err)"
    job 4 2x2 "${grid[@]}" -iters 4 -seed 7 -output b.h5 || fail "$(cat last.err)"
    if [ "${STENCIL_HAVE_XXHASH:-ON}" = OFF ]; then
      # Without xxHash no tile carries a hash, so a tile from another save cannot be told from
      # the right one; a missing one still can.
      rm "$(ls a.*.rank1of4.h5)"
      job 3 3x1 -input a.h5 -iters 1 -variant naive
      refused $? "is missing"
      echo "SKIPPED (in part): this build has no xxHash, so swapped tile files go unnoticed"
      exit 77
    fi
    # Same shape, valid on its own, but not the tile a.h5 records.
    cp "$(ls b.*.rank2of4.h5)" "$(ls a.*.rank2of4.h5)"
    "$check" a.h5 b.h5 >last.out 2>last.err
    rc=$?
    [ "$rc" -eq 2 ] && grep -q "from another save" last.err || fail "stencil_check: $rc $(cat last.err)"
    plain -input a.h5 -iters 1 -variant naive
    rc=$?
    refused "$rc" "from another save"
    job 2 2x1 -input a.h5 -iters 1 -variant naive
    refused $? "from another save"
    rm "$(ls a.*.rank1of4.h5)"
    job 3 3x1 -input a.h5 -iters 1 -variant naive
    refused $? "is missing"
    ;;
  unhashed_swap)
    [ -x "${STENCIL_STRIP_HASHES:-}" ] || fail "STENCIL_STRIP_HASHES names no helper"
    plain "${grid[@]}" -iters 6 -save-every 2 -output single.h5 || fail "single: $(cat last.err)"
    job 4 2x2 "${grid[@]}" -iters 4 -output a.h5 || fail "$(cat last.err)"
    job 4 2x2 "${grid[@]}" -iters 4 -seed 7 -output b.h5 || fail "$(cat last.err)"
    "$STENCIL_STRIP_HASHES" a.h5 a.h5.*.rank*of4.h5 b.h5 b.h5.*.rank*of4.h5 || fail "stripping"
    # The set as saved: read unverified (the hashes are gone), and bit-exact.
    job 2 2x1 -input a.h5 -iters 2 -variant naive -output rest_mpi.h5 || fail "$(cat last.err)"
    grep -q "input not verified (no tile hashes)" last.out || fail "hashes left: $(cat last.out)"
    same rest_mpi.h5 single.h5
    plain -input a.h5 -iters 2 -variant naive -output rest_plain.h5 || fail "$(cat last.err)"
    grep -q "input not verified (no tile hashes)" last.out || fail "hashes left: $(cat last.out)"
    same rest_plain.h5 single.h5
    same a.h5 single.h5:/step_000004/u
    # Same name, same shape, valid on its own, but from the save b.h5.
    tile=$(ls a.h5.*.rank2of4.h5)
    cp "$(ls b.h5.*.rank2of4.h5)" "$tile"
    "$check" a.h5 single.h5:/step_000004/u >check.out 2>last.err
    rc=$?
    [ "$rc" -eq 2 ] || fail "stencil_check: expected exit 2, got $rc: $(cat check.out last.err)"
    [ "$(wc -l <last.err)" -eq 1 ] || fail "stencil_check: not one line: $(cat last.err)"
    grep -q "stencil_check: error: .*$tile' is of save set" last.err ||
      fail "stencil_check: $(cat last.err)"
    plain -input a.h5 -iters 1 -variant naive
    refused $? "$tile' is of save set .*from another save"
    job 2 2x1 -input a.h5 -iters 1 -variant naive
    refused $? "$tile' is of save set .*from another save"
    job 4 2x2 -input a.h5 -iters 1 -variant naive
    refused $? "$tile' is of save set .*from another save"
    ;;
  failed_save)
    job 4 2x2 -variant naive -n 200 -iters 4 -output a.h5 || fail "$(cat last.err)"
    before=$(md5sum a.h5 a.xmf a.*.rank*of4.h5)
    # Each tile of a state is 100 x 100 floats (40 kB); the limit stops the tile files at the
    # second state, while the main file (virtual datasets only) stays far below it. Limited in
    # the ranks, not in mpirun; shared memory off, whose files the limit would also stop.
    OMPI_MCA_btl=self,tcp "$mpiexec" -n 4 bash -c \
      "ulimit -f 64; exec '$app' ${impl[*]} -no-progress -decomp 2x2 -variant naive -n 200 \
       -iters 4 -save-every 1 -output a.h5" >last.out 2>last.err
    rc=$?
    [ "$rc" -eq 1 ] || fail "expected exit 1 from the failed save, got $rc: $(cat last.err)"
    grep "stencil_miniapp: error:" last.err | head -1 | grep -q "File too large" ||
      fail "no line about the failed write: $(cat last.err)"
    [ "$(md5sum a.h5 a.xmf a.*.rank*of4.h5)" = "$before" ] || fail "the earlier set changed: $(ls -la)"
    no_temporaries
    [ "$(ls | grep -c "\.rank")" -eq 4 ] || fail "tile files of the failed set remain: $(ls)"
    same a.h5 a.h5
    job 2 1x2 "${grid[@]}" -iters 1 -output missing/run.h5
    refused $? "cannot create output"
    no_temporaries
    ;;
  redirect)
    job 2 1x2 "${grid[@]}" -iters 4 -output a.h5 || fail "$(cat last.err)"
    job 2 1x2 "${grid[@]}" -iters 4 -seed 7 -output b.h5 || fail "$(cat last.err)"
    # Y/ holds b's tiles under a's tile-file names: where HDF5_VDS_PREFIX sends HDF5's lookup.
    mkdir Y
    for r in 0 1; do cp "$(ls b.h5.*.rank${r}of2.h5)" "Y/$(ls a.h5.*.rank${r}of2.h5)"; done
    job 2 1x2 -input a.h5 -iters 1 -variant naive -output direct.h5 || fail "$(cat last.err)"
    HDF5_VDS_PREFIX=$PWD/Y job 2 1x2 -input a.h5 -iters 1 -variant naive -output prefixed.h5 ||
      fail "restart with HDF5_VDS_PREFIX: $(cat last.err)"
    same prefixed.h5 direct.h5
    HDF5_VDS_PREFIX=$PWD/Y plain -input a.h5 -iters 1 -variant naive -output plain.h5 ||
      fail "plain restart with HDF5_VDS_PREFIX: $(cat last.err)"
    same plain.h5 direct.h5
    # The comparison can fail: b's restart differs.
    job 2 1x2 -input b.h5 -iters 1 -variant naive -output other.h5 || fail "$(cat last.err)"
    if "$check" other.h5 direct.h5 >/dev/null 2>&1; then fail "b's restart matched a's"; fi
    ;;
  names)
    for name in run.h5 run.hdf5 run; do
      job 2 1x2 "${grid[@]}" -iters 2 -output "$name" || fail "$name: $(cat last.err)"
    done
    same run.h5 run.h5
    same run.hdf5 run.hdf5
    same run run
    [ -f run.xmf ] && [ -f run.hdf5.xdmf ] && [ -f run.xdmf ] || fail "sidecars: $(ls)"
    grep -q 'run.h5:/step' run.xmf || fail "run.xmf does not name run.h5: $(cat run.xmf)"
    grep -q 'run.hdf5:/step' run.hdf5.xdmf || fail "run.hdf5.xdmf: $(cat run.hdf5.xdmf)"
    # A save through a symlink lands beside its target and reads back through the link.
    mkdir tgt && ln -s tgt/real.h5 link.h5
    job 2 1x2 "${grid[@]}" -iters 2 -output link.h5 || fail "link save: $(cat last.err)"
    [ "$(ls tgt | grep -c '\.rank')" -eq 2 ] || fail "tile files not beside the target: $(ls tgt)"
    job 2 2x1 -input link.h5 -iters 1 -variant naive || fail "mpirun -input link.h5: $(cat last.err)"
    plain -input link.h5 -iters 1 -variant naive || fail "plain -input link.h5: $(cat last.err)"
    same link.h5 link.h5
    # 240 characters: the output fits NAME_MAX, its tile files do not.
    long=$(printf 'x%.0s' $(seq 1 237)).h5
    job 2 1x2 "${grid[@]}" -iters 2 -output "$long"
    refused $? "more than the 255"
    no_temporaries
    [ ! -e "$long" ] || fail "the long output was written"
    ;;
  node_memory)
    # N = 2048 on 1 x 2 ranks: each needs 4 x 2048 x 1025 floats (32 MiB) and rank 0 the 16 MiB
    # gathered grid; 60 MB passes each rank's own check, but not the 80 MiB they need together.
    STENCIL_TEST_MEM_AVAILABLE=60000000 job 2 1x2 -variant naive -n 2048 -iters 1
    refused $? "grid too large for this node: its 2 ranks need"
    STENCIL_TEST_MEM_AVAILABLE=200000000 job 2 1x2 -variant naive -n 2048 -iters 1 ||
      fail "with room for both: $(cat last.err)"
    ;;
  quiet)
    env -u OMP_PROC_BIND -u OMP_PLACES "$mpiexec" -n 2 "$app" "${impl[@]}" -no-progress \
      "${grid[@]}" -iters 2 >last.out 2>last.err || fail "clean run: $(cat last.err)"
    [ ! -s last.err ] || fail "a clean run printed on stderr: $(cat last.err)"
    # Kokkos on a space without OpenMP threads, where the build has it: still no warning.
    if "$app" -list-models | awk '$2 == "kokkos" && $3 == "serial" { found = 1 } END { exit !found }'; then
      env -u OMP_PROC_BIND -u OMP_PLACES "$mpiexec" -n 2 "$app" -impl kokkos -no-progress \
        "${grid[@]}" -iters 2 -space serial >last.out 2>last.err || fail "Kokkos run: $(cat last.err)"
      [ ! -s last.err ] || fail "a clean Kokkos run printed on stderr: $(cat last.err)"
    fi
    env -u OMP_PROC_BIND -u OMP_PLACES "$mpiexec" -n 2 "$app" "${impl[@]}" -no-progress \
      "${grid[@]}" -iters 2 -input missing.h5 >last.out 2>last.err
    refused $? "does not exist"
    if grep -q "OMP_PROC_BIND" last.err; then fail "Kokkos' warning printed: $(cat last.err)"; fi
    ;;
  *)
    fail "unknown case $case_name"
    ;;
esac
echo "PASSED: $case_name"
