#include "ocl/program_cache.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "runtime/file_read.hpp"
#include "extension/extension_registry.hpp"
#include "ocl/program_file.hpp"
#include "ocl/spir_build.hpp"

namespace ovcl {
namespace gpu {

const std::map<std::string, std::string>& embedded_kernel_sources();  // generated

std::string stable_hash(const std::string& text) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

namespace {

// The text of kernels_cl/<stem>.cl: from $OVCL_KERNELS_DIR when set (read on every build, not
// cached: the point of the override is editing kernels live), else the embedded copy.
std::string raw_kernel_source(const std::string& stem) {
    if (auto user = ext::kernel_source_for_stem(stem))  // an extension's kernel ("ext:<type>")
        return *user;
    const char* dir = std::getenv("OVCL_KERNELS_DIR");
    std::string text;
    if (dir && *dir &&
        ovcl::detail::read_regular_file_if_exists(std::string(dir) + "/" + stem + ".cl", ovcl::detail::kMaxTextFileBytes,
                                                  "kernel source (OVCL_KERNELS_DIR)", text))
        return text;
    const auto& sources = embedded_kernel_sources();
    auto it = sources.find(stem);
    if (it == sources.end())
        raise<NotFound>("no OpenCL kernel source kernels_cl/", stem, ".cl");
    return it->second;
}

// Replaces each line `#include "name.cl"` by that file's text (kernels have no files to include
// from once embedded), so the program's hash covers everything it is built from.
std::string expand_includes(const std::string& stem, int depth) {
    if (depth > 8)
        raise<Exception>(ext::kernel_source_label(stem), ": #include nested too deeply");
    std::istringstream in(raw_kernel_source(stem));
    std::string out, line;
    while (std::getline(in, line)) {
        const std::string prefix = "#include \"";
        if (line.rfind(prefix, 0) == 0 && line.size() > prefix.size() + 4 &&
            line.compare(line.size() - 4, 4, ".cl\"") == 0)
            out += expand_includes(line.substr(prefix.size(), line.size() - prefix.size() - 4), depth + 1);
        else
            out += line + "\n";
    }
    return out;
}

}  // namespace

std::string kernel_source(const std::string& stem) { return expand_includes(stem, 0); }

namespace {

// stable_hash(kernel_source(stem)). The embedded sources do not change while the library is loaded, so each
// stem's is expanded and hashed once (a dynamic model asks for its programs at every new plan); with
// OVCL_KERNELS_DIR, and for an extension's kernel, the text is read every time.
std::string source_hash(const std::string& stem) {
    const char* dir = std::getenv("OVCL_KERNELS_DIR");
    if ((dir && *dir) || ext::kernel_source_for_stem(stem))
        return stable_hash(kernel_source(stem));
    static std::mutex mutex;
    static std::map<std::string, std::string> hashes;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = hashes.find(stem);
    if (it == hashes.end())
        it = hashes.emplace(stem, stable_hash(kernel_source(stem))).first;
    return it->second;
}

}  // namespace

ProgramCache::ProgramCache(cl::Context context, const DeviceInfo& device)
    : m_context(std::move(context)), m_device(device) {}

std::string ProgramCache::key_of(const std::string& stem, const std::string& source_hash,
                                 const std::string& options) const {
    // Programs built through SPIR (OVCL_GPU_SPIR_CLANG) are kept apart from the device compiler's.
    return m_device.architecture() + "|" + m_device.driver_version + (m_device.spir_clang.empty() ? "" : "|spir") +
           "|" + stem + "|" + source_hash + "|" + options;
}

cl::Program ProgramCache::get(const std::string& stem, const std::string& options, const std::string& cache_dir) {
    const std::string key = key_of(stem, source_hash(stem), options);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        auto it = m_programs.find(key);
        if (it != m_programs.end()) {
            ++m_stats.memory_hits;
            return it->second;
        }
    }
    cl::Program program;
    const std::string path = cache_dir.empty() ? "" : cache_dir + "/ovcl_cl_" + stable_hash(key) + ".bin";
    if (!path.empty())
        program = load_binary(path, key, options);
    if (program()) {
        ++m_stats.from_disk;
    } else {
        program = build_from_source(stem, kernel_source(stem), options);
        ++m_stats.compiled;
        if (!path.empty()) {
            std::unique_lock<std::mutex> lock(m_mutex);
            if (m_deferrals > 0) {
                m_pending.push_back({program, path, key});
            } else {
                lock.unlock();
                store_binary(program, path, key);
            }
        }
    }
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_programs.emplace(key, program).first->second;  // a racing build of the same key wins once
}

ProgramCache::Deferral::Deferral(ProgramCache& cache) : m_cache(cache) {
    std::lock_guard<std::mutex> lock(m_cache.m_mutex);
    ++m_cache.m_deferrals;
}

ProgramCache::Deferral::~Deferral() {
    std::vector<PendingStore> pending;
    {
        std::lock_guard<std::mutex> lock(m_cache.m_mutex);
        if (--m_cache.m_deferrals == 0)
            pending.swap(m_cache.m_pending);
    }
    for (const auto& p : pending) {
        try {
            m_cache.store_binary(p.program, p.path, p.key);
        } catch (...) {  // a destructor: a write that fails only costs the next start a rebuild
        }
    }
}

namespace {

// Builds `program` for `device` with `options`; a failure throws OclError with the build log, `what` naming the
// program.
void build_or_throw(cl::Program& program, const DeviceInfo& device, const char* options, const std::string& what) {
    const cl_int err = program.build(std::vector<cl::Device>{device.device}, options);
    if (err != CL_SUCCESS) {
        std::string log;
        program.getBuildInfo(device.device, CL_PROGRAM_BUILD_LOG, &log);
        check(err, "clBuildProgram", what + " on " + device.name + ":\n" + log);
    }
}

}  // namespace

namespace {

// The index just past the '}' that closes the first '{' at or after `from`, skipping comments; npos when the
// braces do not balance.
size_t body_end(const std::string& s, size_t from) {
    int depth = 0;
    for (size_t i = from; i < s.size(); ++i) {
        if (s.compare(i, 2, "//") == 0) {
            i = s.find('\n', i);
            if (i == std::string::npos)
                return std::string::npos;
        } else if (s.compare(i, 2, "/*") == 0) {
            i = s.find("*/", i + 2);
            if (i == std::string::npos)
                return std::string::npos;
            ++i;
        } else if (s[i] == '{') {
            ++depth;
        } else if (s[i] == '}') {
            if (--depth == 0)
                return i + 1;
            if (depth < 0)
                return std::string::npos;
        }
    }
    return std::string::npos;
}

// `source` without the kernels the options do not name (a kernel's body may declare __local variables, so it cannot
// become a plain function); `source` itself when the options name no kernel or the text does not parse as expected.
std::string only_kernel(const std::string& source, const std::string& options) {
    const size_t at = options.find(ProgramCache::kOnlyKernel);
    if (at == std::string::npos)
        return source;
    const size_t from = at + std::string(ProgramCache::kOnlyKernel).size();
    const std::string keep = options.substr(from, options.find(' ', from) - from);
    static const std::regex kernel(R"((?:__kernel|\bkernel)\s+(?:__attribute__\s*\(\(.*?\)\)\s*)*void\s+(\w+)\s*\()");
    std::string out;
    size_t last = 0;
    bool kept = false;
    for (std::sregex_iterator it(source.begin(), source.end(), kernel), end; it != end; ++it) {
        const auto begin = static_cast<size_t>(it->position(0));
        if (begin < last)
            return source;  // a signature inside a kernel removed already: not the layout expected
        if ((*it)[1].str() == keep) {
            kept = true;
            continue;
        }
        const size_t stop = body_end(source, begin + static_cast<size_t>(it->length(0)));
        if (stop == std::string::npos)
            return source;
        out.append(source, last, begin - last);
        last = stop;
    }
    if (!kept)
        return source;  // the kernel is not where this reads kernels: the whole program, as before
    out.append(source, last, std::string::npos);
    return out;
}

}  // namespace

cl::Program ProgramCache::build_from_source(const std::string& stem, const std::string& full_source,
                                            const std::string& options) {
    const std::string source = only_kernel(full_source, options);
    const std::string label = ext::kernel_source_label(stem);
    cl_int err = CL_SUCCESS;
    if (!m_device.spir_clang.empty()) {  // OVCL_GPU_SPIR_CLANG: clang's bitcode, the device's binary to build
        const auto bitcode = spir_from_source(m_device.spir_clang, source, options, label);
        std::vector<cl_int> status;
        cl::Program program(m_context, {m_device.device}, cl::Program::Binaries{bitcode}, &status, &err);
        check(err, "clCreateProgramWithBinary", label + " as SPIR (OVCL_GPU_SPIR_CLANG) on " + m_device.name);
        build_or_throw(program, m_device, spir_build_options(),
                       label + " with options '" + options + "' as SPIR (OVCL_GPU_SPIR_CLANG)");
        return program;
    }
    cl::Program program(m_context, source, false, &err);
    check(err, "clCreateProgramWithSource", label);
    build_or_throw(program, m_device, options.c_str(), label + " with options '" + options + "'");
    return program;
}

ProgramCache::Binary ProgramCache::binary(const std::string& stem, const std::string& options) {
    const cl::Program program = get(stem, options, "");
    Binary out{stem, options, source_hash(stem), {}};
    std::vector<std::vector<unsigned char>> binaries;
    check(program.getInfo(CL_PROGRAM_BINARIES, &binaries), "clGetProgramInfo(CL_PROGRAM_BINARIES)",
          ext::kernel_source_label(stem) + " on " + m_device.name);
    if (binaries.size() != 1 || binaries[0].empty())
        raise<NotImplemented>("GPU: device ", m_device.name, " gives no binary of ", ext::kernel_source_label(stem));
    out.binary = std::move(binaries[0]);
    return out;
}

bool ProgramCache::add(const Binary& b) {
    if (b.source_hash != source_hash(b.stem))
        return false;  // this library's kernel source differs from the one the binary was built from
    const std::string key = key_of(b.stem, b.source_hash, b.options);
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (m_programs.count(key))
            return true;
    }
    cl::Program program = from_binary(b.binary, b.options);
    if (!program())
        return false;
    ++m_stats.from_blob;
    std::lock_guard<std::mutex> lock(m_mutex);
    m_programs.emplace(key, program);
    return true;
}

cl::Program ProgramCache::from_binary(const std::vector<unsigned char>& binary, const std::string& options) {
    if (binary.empty())
        return {};
    cl_int err = CL_SUCCESS;
    std::vector<cl_int> status;
    cl::Program program(m_context, {m_device.device}, cl::Program::Binaries{binary}, &status, &err);
    if (err != CL_SUCCESS || program.build(std::vector<cl::Device>{m_device.device}, options.c_str()) != CL_SUCCESS)
        return {};  // a stale or corrupt binary: the caller builds from source
    return program;
}

cl::Program ProgramCache::load_binary(const std::string& path, const std::string& key, const std::string& options) {
    std::string bytes;
    try {
        if (!ovcl::detail::read_regular_file_if_exists(path, max_program_file_bytes(key), "program binary", bytes))
            return {};
    } catch (const Exception&) {  // a FIFO, a device, a directory, an oversized file: never trusted
        std::remove(path.c_str());
        return {};
    }
    const std::string_view binary = decode_program_file(bytes, key);
    cl::Program program;
    if (!binary.empty())
        program = from_binary(std::vector<unsigned char>(binary.begin(), binary.end()), options);
    if (!program()) {  // another key's file, an older layout, corrupt or refused by the driver: rebuilt and replaced
        std::remove(path.c_str());
        ++m_stats.rejected;
    }
    return program;
}

void ProgramCache::store_binary(const cl::Program& program, const std::string& path, const std::string& key) {
    std::vector<std::vector<unsigned char>> binaries;
    if (program.getInfo(CL_PROGRAM_BINARIES, &binaries) != CL_SUCCESS || binaries.size() != 1 || binaries[0].empty() ||
        binaries[0].size() > ovcl::detail::kMaxProgramBinaryBytes)
        return;  // the device gives no binary: nothing to cache
    const std::string bytes = encode_program_file(
        key, std::string_view(reinterpret_cast<const char*>(binaries[0].data()), binaries[0].size()));
    // Write to a private temporary file and rename, so readers never see half a file.
    std::ostringstream tmp_name;
    // The pid too: forked processes share thread ids and addresses.
    tmp_name << path << ".tmp" << ::getpid() << "_" << std::this_thread::get_id() << "_"
             << reinterpret_cast<uintptr_t>(this);
    {
        std::ofstream out(tmp_name.str(), std::ios::binary | std::ios::trunc);
        if (!out)
            return;  // an unwritable cache directory only costs the next start a rebuild
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            std::remove(tmp_name.str().c_str());
            return;
        }
    }
    if (std::rename(tmp_name.str().c_str(), path.c_str()) != 0)
        std::remove(tmp_name.str().c_str());
}

}  // namespace gpu
}  // namespace ovcl
