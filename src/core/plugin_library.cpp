#include "plugin_library.hpp"

#include <dlfcn.h>

namespace ovcl {

std::string runtime_library_dir() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&runtime_library_dir), &info) == 0 || !info.dli_fname)
        return ".";
    std::string path = info.dli_fname;
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::string resolve_plugin_path(const std::string& plugin) {
    if (plugin.empty())
        raise<InvalidArgument>("plugin library name is empty");
    if (plugin.find('/') != std::string::npos)
        return plugin;
    std::string file = plugin;
    if (file.size() < 3 || file.compare(file.size() - 3, 3, ".so") != 0)
        file = "lib" + file + ".so";
    return runtime_library_dir() + "/" + file;
}

SoPtr<IPlugin> load_plugin(const std::string& path) {
    dlerror();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        raise<NotFound>("cannot load plugin library ", path, ": ", dlerror());
    std::shared_ptr<void> so(handle, [](void* h) { dlclose(h); });
    using CreateFn = void (*)(std::shared_ptr<IPlugin>&);
    auto create = reinterpret_cast<CreateFn>(dlsym(handle, OVCL_CREATE_PLUGIN_SYMBOL));
    if (!create)
        raise<NotFound>("plugin library ", path, " has no ", OVCL_CREATE_PLUGIN_SYMBOL,
                        " function (define it with OVCL_DEFINE_PLUGIN_CREATE_FUNCTION)");
    std::shared_ptr<IPlugin> plugin;
    try {
        create(plugin);
    } catch (const Exception& e) {
        raise<Exception>("plugin ", path, " failed to start: ", e.what());
    } catch (const std::exception& e) {
        raise<Exception>("plugin ", path, " failed to start: ", e.what());
    }
    if (!plugin)
        raise<Exception>("plugin library ", path, " created no plugin");
    return SoPtr<IPlugin>{so, plugin};
}

}  // namespace ovcl
