// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "backends.hpp"

#if defined(STENCIL_HAVE_CUDA)
#include <cuda_runtime.h>
#endif

#include <stdexcept>

#include "stencil/model_hooks.hpp"
#include "stencil/models_built.hpp"

namespace stencil {
namespace {

// One registry row and, where this build has the model, its hooks.
struct Entry {
  const ModelInfo* info;
  const ModelHooks* hooks;   // nullptr: not built here
  std::string_view missing;  // why not (configure's reason)
};

// Generated from STENCIL_MODELS: a model this build folder does not compile
// (models_built.hpp) contributes its row, never a reference to its code.
#define STENCIL_MODEL_ENTRY(name, ...)                                          \
  if constexpr (models_built::name) {                                           \
    rows.push_back({find_model(#name), &name::hooks(), ""});                    \
  } else {                                                                      \
    rows.push_back({find_model(#name), nullptr, models_built::name##_missing}); \
  }

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> rows;
    STENCIL_MODELS(STENCIL_MODEL_ENTRY)
    return rows;
  }();
  return entries;
}
#undef STENCIL_MODEL_ENTRY

const Entry* find_entry(std::string_view name) {
  for (const Entry& entry : table()) {
    if (entry.info->name == name)
      return &entry;
  }
  return nullptr;
}

// Among the models compiled into this build.
const ModelHooks* find_built(std::string_view name) {
  const Entry* entry = find_entry(name);
  return entry != nullptr ? entry->hooks : nullptr;
}

std::string not_built_message(const Entry& entry) {
  return "this build has no model " + std::string(entry.info->name) + " (" +
         std::string(entry.missing) + ")";
}

std::vector<std::string> spaces_of(const ModelHooks& hooks) {
  return hooks.spaces != nullptr ? hooks.spaces() : std::vector<std::string>{};
}

MemoryKind memory_of(const Entry& entry, std::string_view space) {
  switch (entry.info->memory) {
    case ModelMemory::host:
      return MemoryKind::host;
    case ModelMemory::cuda:
      return MemoryKind::cuda;
    case ModelMemory::space:
      break;
  }
  return entry.hooks->space_memory(space);
}

// "a or b": the built models that step rectangles, for an error message.
std::string rectangle_models() {
  std::string names;
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr && entry.hooks->steps_rectangles)
      names += (names.empty() ? "" : " or ") + std::string(entry.info->name);
  }
  return names;
}

}  // namespace

std::vector<std::string> implementations() {
  std::vector<std::string> names;
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr)
      names.emplace_back(entry.info->name);
  }
  return names;
}

bool is_implementation(std::string_view implementation) {
  return find_built(implementation) != nullptr;
}

std::string not_built_reason(std::string_view implementation) {
  const Entry* entry = find_entry(implementation);
  return entry == nullptr || entry->hooks != nullptr ? "" : not_built_message(*entry);
}

std::vector<Backend> backends() {
  std::vector<Backend> list;
  for (const Entry& entry : table()) {
    if (entry.hooks == nullptr) {
      // Listed all the same where its memory kind is known, so the test suites show its kernels
      // as skipped, not absent.
      if (entry.info->memory != ModelMemory::space)
        list.push_back({std::string(entry.info->name), "", memory_of(entry, "")});
      continue;
    }
    const std::vector<std::string> spaces = spaces_of(*entry.hooks);
    if (spaces.empty())
      list.push_back({std::string(entry.info->name), "", memory_of(entry, "")});
    for (const std::string& space : spaces)
      list.push_back({std::string(entry.info->name), space, memory_of(entry, space)});
  }
  return list;
}

std::string unavailable_reason(const Backend& backend) {
  const Entry* entry = find_entry(backend.implementation);
  if (entry == nullptr)
    return "this build has no implementation '" + backend.implementation + "'";
  if (entry->hooks == nullptr)
    return not_built_message(*entry);
  return entry->hooks->unavailable_reason != nullptr ? entry->hooks->unavailable_reason() : "";
}

void use_gpu_of_local_rank(int local_rank) {
#if defined(STENCIL_HAVE_CUDA)
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 1)
    cudaSetDevice(local_rank % devices);
#else
  (void)local_rank;
#endif
}

int default_fuse(std::string_view implementation, std::string_view space) {
  const Entry* entry = find_entry(implementation);
  if (entry == nullptr || (entry->hooks == nullptr && entry->info->memory == ModelMemory::space))
    return kDefaultFuse;
  std::string chosen(space);
  if (chosen.empty() && entry->hooks != nullptr) {
    const std::vector<std::string> spaces = spaces_of(*entry->hooks);
    if (!spaces.empty())
      chosen = spaces.front();
  }
  if (memory_of(*entry, chosen) != MemoryKind::cuda)
    return kDefaultFuse;
  return runs_pipelined_depths(implementation) ? kDefaultPipelinedFuse : kDefaultFuseOnGpu;
}

bool steps_rectangles(std::string_view implementation) {
  const ModelHooks* hooks = find_built(implementation);
  return hooks != nullptr && hooks->steps_rectangles;
}

std::vector<std::string> spaces_of(std::string_view implementation) {
  const ModelHooks* hooks = find_built(implementation);
  return hooks != nullptr ? spaces_of(*hooks) : std::vector<std::string>{};
}

std::string device_of(std::string_view implementation) {
  const Entry* entry = find_entry(implementation);
  if (entry == nullptr)
    return "none: this build has no implementation '" + std::string(implementation) + "'";
  if (entry->hooks == nullptr)
    return "none: " + not_built_message(*entry);
  const std::string reason = unavailable_reason(Backend{std::string(implementation), ""});
  return reason.empty() ? entry->hooks->device() : "none: " + reason;
}

bool uses_openmp_threads(std::string_view implementation, std::string_view space) {
  const ModelHooks* hooks = find_built(implementation);
  if (hooks == nullptr || hooks->uses_openmp_threads == nullptr)
    return false;
  const std::vector<std::string> spaces = spaces_of(*hooks);
  if (space.empty() && !spaces.empty())
    space = spaces.front();
  return hooks->uses_openmp_threads(space);
}

std::string version_of(std::string_view implementation) {
  const ModelHooks* hooks = find_built(implementation);
  return hooks != nullptr && hooks->version != nullptr ? hooks->version() : "";
}

bool is_model_argument(std::string_view arg) {
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr && entry.hooks->takes_argument != nullptr &&
        entry.hooks->takes_argument(arg))
      return true;
  }
  return false;
}

std::vector<std::string> model_argument_help() {
  std::vector<std::string> texts;
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr && entry.hooks->arguments_help != nullptr)
      texts.emplace_back(entry.hooks->arguments_help);
  }
  return texts;
}

void check_model_environments() {
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr && entry.hooks->check_environment != nullptr)
      entry.hooks->check_environment();
  }
}

ModelRuntimes::ModelRuntimes(int& argc, char* argv[]) {
  for (const Entry& entry : table()) {
    if (entry.hooks != nullptr && entry.hooks->start != nullptr)
      started_.push_back(entry.hooks->start(argc, argv));
  }
}

ModelRuntimes::~ModelRuntimes() {
  while (!started_.empty())  // the last started ends first
    started_.pop_back();
}

std::unique_ptr<Stepper> open_stepper(std::string_view implementation, std::string_view space,
                                      const CheckedConfig& config) {
  const Entry* entry = find_entry(implementation);
  if (entry == nullptr)
    throw UnsupportedRequest("unknown implementation '" + std::string(implementation) + "'");
  if (entry->hooks == nullptr)
    throw UnsupportedRequest("-impl " + std::string(implementation) + ": " +
                             not_built_message(*entry));
  if (!config->variant->implemented_by(implementation)) {
    // Name the models that have one, so the refusal says what to run instead.
    std::string others;
    for (const ModelInfo& model : kModels) {
      if (config->variant->implemented_by(model.name))
        others += (others.empty() ? "" : ", ") + std::string(model.name);
    }
    throw UnsupportedRequest("-impl " + std::string(implementation) +
                             " has no kernel for variant " + std::string(config->variant->name) +
                             (others.empty() ? "" : " (it runs in -impl " + others + ")"));
  }
  if (!model_runs_shape(implementation, *config->variant, config->shape_value())) {
    throw UnsupportedRequest("-impl " + std::string(implementation) + " runs " +
                             std::string(config->variant->name) + " passes of at most " +
                             std::to_string(deepest_fuse(implementation)) + " iterations, not " +
                             std::to_string(config->shape_value()));
  }
  if (config->has_local_shape() && !entry->hooks->steps_rectangles) {
    throw UnsupportedRequest("-impl " + std::string(implementation) +
                             " cannot step a rank's rectangular tile yet; use -impl " +
                             rectangle_models());
  }
  return entry->hooks->make(config, space);
}

}  // namespace stencil
