# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by scripts/bootstrap-kokkos.sh: a fresh directory for `apt-get source --download-only`.
# apt downloads as the unprivileged user _apt; a root-only directory (mktemp's 0700) makes it
# fall back to downloading "unsandboxed as root" with a warning. So, run as root, the directory
# is handed to _apt (where that user exists). Prints the directory.
apt_download_dir() {
  local dir; dir=$(mktemp -d)
  if [ "$(id -u)" -eq 0 ] && getent passwd _apt >/dev/null 2>&1; then
    chown _apt "$dir"
    chmod 0755 "$dir"
  fi
  echo "$dir"
}
