#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A newcomer's first steps on a bare Debian 12: one case per invocation.
#   no-sudo    install-deps.sh as a non-root user without sudo says in one line what to do
#   apt-dir    the download directory for apt-get source is usable by apt's _apt user (no
#              "unsandboxed as root" warning)
#   gitignore  Python's __pycache__/ folders are ignored
#   no-kokkos-tarball  build.sh as a non-root user without sudo and without the Kokkos tarball
#              says in one line, naming build.sh, that the tarball is missing and where to put
#              it (or --kokkos-source), which needs no root
# Exit 77: the case cannot be checked here (CTest reports it as skipped).
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

case ${1:-} in
  no-sudo)
    # A PATH of stand-ins: a non-root id, every package missing, no sudo anywhere.
    mkdir "$work/bin"
    printf '#!/bin/sh\necho 1000\n' > "$work/bin/id"
    printf '#!/bin/sh\nexit 1\n' > "$work/bin/dpkg-query"
    printf '#!/bin/sh\necho "apt-get must not run" >&2\nexit 99\n' > "$work/bin/apt-get"
    chmod +x "$work/bin/"*
    for tool in grep; do ln -s "$(command -v $tool)" "$work/bin/$tool"; done
    set +e
    PATH=$work/bin "$(command -v bash)" "$repo_root/scripts/install-deps.sh" >"$work/out" 2>"$work/err"
    code=$?
    set -e
    [ "$code" -eq 1 ] || { echo "FAILED: exit $code, expected 1"; cat "$work/err"; exit 1; }
    grep -q "sudo: command not found\|command not found" "$work/err" &&
      { echo "FAILED: the shell's own error leaked"; cat "$work/err"; exit 1; }
    [ "$(wc -l <"$work/err")" -eq 1 ] || { echo "FAILED: not one line"; cat "$work/err"; exit 1; }
    grep -q "run this script as root" "$work/err" || { cat "$work/err"; exit 1; }
    echo "ok: $(cat "$work/err")"
    ;;
  apt-dir)
    [ "$(id -u)" -eq 0 ] || { echo "skipped: needs root (apt hands the download to _apt as root)"; exit 77; }
    getent passwd _apt >/dev/null || { echo "skipped: no _apt user"; exit 77; }
    command -v setpriv >/dev/null || { echo "skipped: no setpriv"; exit 77; }
    # shellcheck source=../scripts/apt-download-dir.sh
    . "$repo_root/scripts/apt-download-dir.sh"
    dir=$(TMPDIR=$work apt_download_dir)
    chmod 0755 "$work"  # mktemp -d made it 0700; the test's own scratch stands in for /tmp
    if setpriv --reuid=_apt --regid=nogroup --clear-groups touch "$dir/partial"; then
      echo "ok: _apt can write into $dir"
    else
      echo "FAILED: _apt cannot write into the download directory"; ls -ld "$dir"; exit 1
    fi
    ;;
  gitignore)
    git -C "$repo_root" rev-parse --git-dir >/dev/null 2>&1 || { echo "skipped: not a git checkout"; exit 77; }
    git -C "$repo_root" check-ignore -q scripts/__pycache__/make_known_answers.cpython-311.pyc ||
      { echo "FAILED: __pycache__/ is not ignored"; exit 1; }
    echo "ok: __pycache__/ is ignored"
    ;;
  no-kokkos-tarball)
    mkdir "$work/bin" "$work/shared" "$work/cache"
    printf '#!/bin/sh\n[ "$1" = -u ] && echo 1000 || /usr/bin/id "$@"\n' > "$work/bin/id"
    printf '#!/bin/sh\necho "apt-get must not run" >&2\nexit 99\n' > "$work/bin/apt-get"
    chmod +x "$work/bin/"*
    for tool in bash dirname grep sed ls cat head tail nproc sha256sum cut mktemp rm tr mkdir find sort awk tar; do
      [ -x "$(command -v $tool)" ] && ln -s "$(command -v $tool)" "$work/bin/$tool"
    done
    set +e
    env -u Kokkos_ROOT -u STENCIL_KOKKOS_SOURCE -u STENCIL_KOKKOS_VERSION PATH=$work/bin \
      STENCIL_SHARED_DEPS=$work/shared STENCIL_DEPS_DIR=$work/cache BUILD_DIR=$work/build \
      "$(command -v bash)" "$repo_root/scripts/build.sh" >"$work/out" 2>"$work/err"
    code=$?
    set -e
    [ "$code" -ne 0 ] || { echo "FAILED: build.sh succeeded"; exit 1; }
    grep -q "must not run" "$work/err" && { echo "FAILED: apt-get ran"; cat "$work/err"; exit 1; }
    line=$(grep "error:" "$work/err")
    [ "$(echo "$line" | wc -l)" -eq 1 ] || { echo "FAILED: not one error line"; cat "$work/err"; exit 1; }
    for fragment in "build.sh (bootstrap-kokkos.sh): error" "kokkos-4.6.01.tar.gz" "$work/shared/" \
        "without root" "--kokkos-source"; do
      echo "$line" | grep -qF -- "$fragment" || { echo "FAILED: no '$fragment': $line"; exit 1; }
    done
    echo "ok: $line"
    ;;
  *)
    echo "usage: $0 no-sudo|apt-dir|gitignore|no-kokkos-tarball" >&2
    exit 2
    ;;
esac
