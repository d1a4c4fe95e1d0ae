#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A rank that dies mid-run must bring the whole job down within seconds, not leave the others
# waiting in the halo exchange: start a long two-rank run, SIGKILL one rank once both are
# stepping, and expect mpirun to end with a non-zero status well inside the deadline. The run
# saves (-output) over an earlier good set of files, which must come through byte for byte, and
# the next save must leave no temporary behind (the killed rank's included).
# usage: killed_rank.sh MPIEXEC APP
set -u
mpiexec=$1
app=$2
deadline_s=30
# shellcheck source=cpu_backend.sh
. "$(dirname "${BASH_SOURCE[0]}")/cpu_backend.sh"
cpu_backend "$app" naive
[ ${#impl[@]} -gt 0 ] || { echo "killed_rank: no CPU model of this build has naive" >&2; exit 1; }

session_dir=$(mktemp -d /tmp/stencil-mpi.XXXXXX)  # see miniapp_job.cmake
export OMPI_MCA_orte_tmpdir_base=$session_dir
out_dir=$(mktemp -d /tmp/stencil-killed.XXXXXX)
trap 'rm -rf "$session_dir" "$out_dir"' EXIT
save() { "$mpiexec" -n 2 "$app" "${impl[@]}" -variant naive -n 64 -iters 2 -no-progress \
  -output "$out_dir/run.h5" >/dev/null 2>&1; }
save || { echo "killed_rank: the first save failed" >&2; exit 1; }
fingerprint() { (cd "$out_dir" && ls -A | sort && md5sum -- *); }
before=$(fingerprint)

# About a minute of steps if nothing stops it, with its tile files open from the start.
"$mpiexec" -n 2 "$app" "${impl[@]}" -variant naive -n 256 -iters 2000000 -no-progress \
  -output "$out_dir/run.h5" -save-every 1000000 >/dev/null 2>&1 &
job=$!

victim=""
for _ in $(seq 1 100); do
  ranks=$(pgrep -P "$job" -x stencil_miniapp | sort -n)
  if [ "$(echo "$ranks" | grep -c .)" -eq 2 ]; then
    victim=$(echo "$ranks" | tail -1)
    break
  fi
  sleep 0.1
done
if [ -z "$victim" ]; then
  kill "$job" 2>/dev/null
  echo "killed_rank: the two ranks did not start" >&2
  exit 1
fi
sleep 1  # past MPI_Init and set-up: both ranks are in the step loop
kill -KILL "$victim"

start=$(date +%s)
while kill -0 "$job" 2>/dev/null; do
  if [ $(($(date +%s) - start)) -ge $deadline_s ]; then
    kill -KILL "$job" 2>/dev/null
    echo "killed_rank: the job was still running ${deadline_s} s after a rank was killed" >&2
    exit 1
  fi
  sleep 0.2
done
wait "$job"
status=$?
if [ "$status" -eq 0 ]; then
  echo "killed_rank: mpirun exited 0 although a rank was killed" >&2
  exit 1
fi
after=$(fingerprint | grep -v '/\?\.run\.h5\.[0-9a-f]*\.rank[0-9]*of2\.h5\.tmp-')
if [ "$after" != "$before" ]; then
  echo "killed_rank: the earlier output changed:" >&2
  diff <(echo "$before") <(echo "$after") >&2
  exit 1
fi
save || { echo "killed_rank: the save after the kill failed" >&2; exit 1; }
if ls -A "$out_dir" | grep -q '\.tmp-'; then
  echo "killed_rank: temporaries left after the next save: $(ls -A "$out_dir" | grep '\.tmp-')" >&2
  exit 1
fi
echo "killed_rank: job ended with status $status $(($(date +%s) - start)) s after the kill;" \
  "the earlier output was intact and the next save left no temporary"
