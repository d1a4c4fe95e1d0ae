# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the MPI job scripts: cpu_backend APP VARIANT... sets the array `impl` to the -impl
# (and -space) of the CPU backend the jobs run on, from the binary's own registry
# (APP -list-models): the first host backend whose model has every VARIANT, one without an
# execution space first. Leaves `impl` empty where no model of the build has them.
cpu_backend() {
  local app=$1 label model space memory variants v
  shift
  impl=()
  while read -r label model space memory variants; do
    [ "$memory" = host ] || continue
    for v in "$@"; do [[ " $variants " == *" $v "* ]] || continue 2; done
    if [ "$space" = - ]; then
      impl=(-impl "$model")
      return
    fi
    [ ${#impl[@]} -gt 0 ] || impl=(-impl "$model" -space "$space")
  done < <("$app" -list-models)
}
