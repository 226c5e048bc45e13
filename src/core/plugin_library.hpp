// Loading plugin shared libraries (dlopen) and finding files next to the runtime library.
#pragma once

#include <memory>
#include <string>

#include "ovcl/plugin/iplugin.hpp"
#include "ovcl/so_ptr.hpp"

namespace ovcl {

/// The directory holding libovcl_runtime.so (found with dladdr).
std::string runtime_library_dir();
/// A plugin given by name ("ovcl_ref_plugin") maps to lib<name>.so next to the runtime;
/// a path (with a '/') is used as it is.
std::string resolve_plugin_path(const std::string& plugin);
/// dlopen + the exported create function; errors name the library and dlerror().
SoPtr<IPlugin> load_plugin(const std::string& path);

}  // namespace ovcl
