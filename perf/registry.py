# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The model registry (STENCIL_MODELS in src/stencil/models.hpp) for the Python instruments.

Every row is one line X(name, memory, needs, role, depths, "variants", "description"), as CMake
reads it (cmake/StencilModels.cmake). The instruments ask this module which model is native on a
platform and which backend labels run on a GPU, so that none of them names a model.

A backend label, as the benchmark and -list-models print it, is <model> for a model whose
memory is fixed and <model>_<space> for a model whose memory is decided by the execution space.
"""

import os
import re
from dataclasses import dataclass
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
# An installed tree (share/stencil_miniapp/) holds models.hpp beside this file; a source tree
# holds it in src/stencil/.
MODEL_LIST_PLACES = (os.path.join(HERE, "models.hpp"),
                     os.path.join(HERE, "..", "src", "stencil", "models.hpp"))

# The memory column's values (ModelMemory in models.hpp).
HOST_MEMORY = "host"
GPU_MEMORY = "cuda"  # CUDA device memory
SPACE_MEMORY = "space"  # decided by the execution space the run picks (-space)
MEMORIES = (HOST_MEMORY, GPU_MEMORY, SPACE_MEMORY)

# The role column's values (ModelRole in models.hpp).
NATIVE = "native"
PORTABLE = "portable"
ROLES = (NATIVE, PORTABLE)

# The depths column's values (ModelDepths in models.hpp).
DEPTHS = ("plain", "pipelined")

# The execution spaces whose grids are in GPU memory, by the names the models' hooks give them
# (-space, the last part of a label): Kokkos's cuda and the directive models' gpu
# (src/directive/model_entry.hpp). The rows hold no spaces, since a model lists its spaces at run
# time, so this is the one place the instruments learn them.
GPU_SPACES = ("cuda", "gpu")

ROW = re.compile(r'X\((?P<name>[a-z0-9_]+), *(?P<memory>[a-z]+), *(?P<needs>[a-z0-9_]+), '
                 r'*(?P<role>[a-z]+), *(?P<depths>[a-z]+), *"(?P<variants>[a-z0-9_ ]*)", '
                 r'*"(?P<description>[^"]*)"\)')


class RegistryError(Exception):
    pass


@dataclass(frozen=True)
class Model:
    """One row of STENCIL_MODELS."""

    name: str
    memory: str
    needs: str
    role: str
    depths: str
    variants: tuple
    description: str

    @property
    def native(self):
        return self.role == NATIVE

    @property
    def has_spaces(self):
        return self.memory == SPACE_MEMORY

    @property
    def title(self):
        """The name as the description spells it ("Kokkos", "CUDA"), for report texts; the name
        itself where the description does not spell it."""
        for word in re.findall(r"[A-Za-z0-9_]+", self.description):
            if word.lower() == self.name:
                return word
        return self.name


def model_list_path():
    for path in MODEL_LIST_PLACES:
        if os.path.exists(path):
            return os.path.normpath(path)
    raise RegistryError("registry: no models.hpp in " + ", ".join(MODEL_LIST_PLACES))


def parse_row(line, where):
    match = ROW.match(line)
    if not match:
        raise RegistryError("%s: unreadable row; write each on one line as X(name, %s, needs, %s, "
                            "%s, \"variants\", \"description\")" %
                            (where, "|".join(MEMORIES), "|".join(ROLES), "|".join(DEPTHS)))
    row = match.groupdict()
    if row["memory"] not in MEMORIES or row["role"] not in ROLES or row["depths"] not in DEPTHS:
        raise RegistryError("%s: memory must be one of %s, role one of %s and depths one of %s" %
                            (where, ", ".join(MEMORIES), ", ".join(ROLES), ", ".join(DEPTHS)))
    return Model(row["name"], row["memory"], row["needs"], row["role"], row["depths"],
                 tuple(row["variants"].split()), row["description"])


@lru_cache(maxsize=None)
def read_models(path):
    """Every row of the models.hpp at `path`, in its order."""
    with open(path) as f:
        return tuple(parse_row(line, "%s:%d" % (path, number))
                     for number, line in enumerate(f, 1) if line.startswith("X("))


def models():
    """Every row of the registry, in its order (the first is -impl's default where built)."""
    return list(read_models(model_list_path()))


def find(name):
    """The row named `name`, or None."""
    return next((m for m in models() if m.name == name), None)


def native_model(memory):
    """The native row whose grids are in `memory` (HOST_MEMORY or GPU_MEMORY): the reference
    code of that platform."""
    rows = [m for m in models() if m.native and m.memory == memory]
    if len(rows) != 1:
        raise RegistryError("registry: %d native rows with memory %s, not one" %
                            (len(rows), memory))
    return rows[0]


def label(model, space=""):
    """The backend label of `model` (a Model) in `space`."""
    return model.name + "_" + space if space else model.name


def split_label(text):
    """(model name, space) of a backend label, the space "" where it has none. A label whose
    model is not in the registry (a result of an older build) is split at its first '_'."""
    names = [m.name for m in models() if text == m.name or text.startswith(m.name + "_")]
    if names:
        name = max(names, key=len)
        return name, text[len(name) + 1:]
    name, _, space = text.partition("_")
    return name, space


def is_gpu_target(text):
    """Whether the backend labelled `text` keeps its grids in GPU memory: by its row's memory,
    or for a model with spaces by its space. False for a model the registry does not hold."""
    name, space = split_label(text)
    model = find(name)
    if model is None:
        return False
    if model.has_spaces:
        return space in GPU_SPACES
    return model.memory == GPU_MEMORY
