#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of perf/registry.py against the real src/stencil/models.hpp and written rows."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402

SOURCE_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "stencil",
                           "models.hpp")


class RealRegistryTest(unittest.TestCase):
    def test_reads_every_row_of_the_header(self):
        with open(SOURCE_LIST) as f:
            written = sum(1 for line in f if line.startswith("X("))
        self.assertGreater(written, 0)
        self.assertEqual(len(registry.models()), written)

    def test_every_row_has_a_role_and_a_memory(self):
        for model in registry.models():
            self.assertIn(model.role, registry.ROLES, model.name)
            self.assertIn(model.memory, registry.MEMORIES, model.name)
            self.assertTrue(model.variants, model.name)

    def test_one_native_row_per_platform_memory(self):
        for memory in (registry.HOST_MEMORY, registry.GPU_MEMORY):
            natives = [m for m in registry.models() if m.native and m.memory == memory]
            self.assertEqual(len(natives), 1, memory)
            self.assertEqual(registry.native_model(memory), natives[0])

    def test_no_native_row_has_spaces(self):
        # A native row is its platform's reference: its memory says which platform.
        self.assertFalse([m.name for m in registry.models() if m.native and m.has_spaces])

    def test_the_first_row_is_portable(self):
        # perf/report.py holds the first row (-impl's default) to the native rows.
        self.assertFalse(registry.models()[0].native)

    def test_gpu_labels_follow_memory_and_space(self):
        gpu = registry.native_model(registry.GPU_MEMORY)
        host = registry.native_model(registry.HOST_MEMORY)
        self.assertTrue(registry.is_gpu_target(registry.label(gpu)))
        self.assertFalse(registry.is_gpu_target(registry.label(host)))
        for model in (m for m in registry.models() if m.has_spaces):
            for space in registry.GPU_SPACES:
                self.assertTrue(registry.is_gpu_target(registry.label(model, space)), model.name)
            self.assertFalse(registry.is_gpu_target(registry.label(model, "serial")), model.name)
            self.assertFalse(registry.is_gpu_target(registry.label(model, "host")), model.name)
            self.assertFalse(registry.is_gpu_target(registry.label(model)), model.name)
        self.assertFalse(registry.is_gpu_target("nosuchmodel_cuda"))

    def test_split_label_takes_the_model_name_whole(self):
        for model in registry.models():
            self.assertEqual(registry.split_label(registry.label(model, "a_b")),
                             (model.name, "a_b"))
            self.assertEqual(registry.split_label(model.name), (model.name, ""))
        self.assertEqual(registry.split_label("gone_space"), ("gone", "space"))

    def test_title_is_the_description_spelling(self):
        first = registry.models()[0]
        self.assertEqual(first.title.lower(), first.name)


class WrittenRowsTest(unittest.TestCase):
    def read(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".hpp", delete=False) as f:
            f.write(text)
        try:
            return registry.read_models(f.name)
        finally:
            os.unlink(f.name)

    def test_columns(self):
        (model,) = self.read('#define STENCIL_MODELS(X) \\\n'
                             'X(my_model, space, tok, portable, plain, "naive tiled", '
                             '"My_Model: loops (-space a, b)")\n')
        self.assertEqual(model, registry.Model("my_model", "space", "tok", "portable", "plain",
                                               ("naive", "tiled"), "My_Model: loops (-space a, b)"))
        self.assertEqual(model.title, "My_Model")
        self.assertTrue(model.has_spaces)

    def test_a_row_without_depths_is_refused(self):
        with self.assertRaises(registry.RegistryError):
            self.read('X(old, host, tok, native, "naive", "a row of the former layout")\n')

    def test_an_unknown_role_is_refused(self):
        with self.assertRaises(registry.RegistryError):
            self.read('X(new, host, tok, reference, plain, "naive", "a role the readers do not '
                      'know")\n')

    def test_unknown_depths_are_refused(self):
        with self.assertRaises(registry.RegistryError):
            self.read('X(new, host, tok, native, deep, "naive", "depths the readers do not know")\n')


if __name__ == "__main__":
    unittest.main()
