#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks CITATION.cff the way Citation File Format 1.2.0 validation would, with the keys it
requires, and that its version is the project's.

    check_citation.py CITATION.cff PROJECT_VERSION

Exits 77 (skipped) with the reason where PyYAML (Debian's python3-yaml) is not importable.
"""
import datetime
import sys

try:
    import yaml
except ImportError:
    print("skipped: no python3-yaml (scripts/install-deps.sh installs it)")
    sys.exit(77)

path, project_version = sys.argv[1:3]
cff = yaml.safe_load(open(path, encoding="utf-8"))
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def check_authors(authors, where):
    check(isinstance(authors, list) and authors, f"{where}: authors must be a non-empty list")
    for a in authors or []:
        check(isinstance(a, dict) and (a.get("name") or a.get("family-names")),
              f"{where}: an author needs name (an entity) or family-names (a person): {a!r}")


check(isinstance(cff, dict), "the file is not a YAML mapping")
cff = cff if isinstance(cff, dict) else {}
check(cff.get("cff-version") == "1.2.0", f"cff-version is {cff.get('cff-version')!r}, not 1.2.0")
for key in ("message", "title"):
    check(isinstance(cff.get(key), str) and cff[key].strip(), f"{key} is missing or empty")
check_authors(cff.get("authors"), "the software")
check(cff.get("type", "software") in ("software", "dataset"), f"type {cff.get('type')!r}")
check(str(cff.get("version")) == project_version,
      f"version {cff.get('version')!r} is not the project's {project_version}")
# CFF's license is an SPDX identifier (its schema lists them), so the exception cannot be named.
check(cff.get("license") == "Apache-2.0", f"license {cff.get('license')!r} is not LICENSE's")
if "date-released" in cff:
    check(isinstance(cff["date-released"], datetime.date), "date-released is not a YYYY-MM-DD date")
for i, ref in enumerate(cff.get("references", [])):
    where = f"references[{i}]"
    check(isinstance(ref.get("type"), str), f"{where}: type is missing")
    check(isinstance(ref.get("title"), str), f"{where}: title is missing")
    check_authors(ref.get("authors"), where)

for f in failures:
    print("FAIL:", f)
print(f"{path}: {'FAILED' if failures else 'valid CFF 1.2.0 with the required keys'}")
sys.exit(1 if failures else 0)
