#include "ocl/spir_build.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "runtime/file_read.hpp"
#include "ovcl/except.hpp"

extern char** environ;

namespace ovcl {
namespace gpu {

namespace {

// clang's output files, written by this process; an absent one reads as empty.
std::string read_file(const std::string& path) {
    std::string text;
    ovcl::detail::read_regular_file_if_exists(path, ovcl::detail::kMaxProgramBinaryBytes, "SPIR build output", text);
    return text;
}

// The temporary files of one build, removed with it.
struct TempFiles {
    std::string source, bitcode, log;
    TempFiles() {
        static std::atomic<unsigned> counter{0};
        const std::string stem = (std::filesystem::temp_directory_path() / "ovcl_spir_").string() +
                                 std::to_string(::getpid()) + "_" + std::to_string(counter++);
        source = stem + ".cl";
        bitcode = stem + ".bc";
        log = stem + ".log";
    }
    ~TempFiles() {
        for (const std::string* p : {&source, &bitcode, &log})
            std::remove(p->c_str());
    }
};

}  // namespace

std::vector<unsigned char> spir_from_source(const std::string& clang, const std::string& source,
                                            const std::string& options, const std::string& label) {
    TempFiles files;
    {
        std::ofstream out(files.source, std::ios::binary | std::ios::trunc);
        if (!(out << source) || !out.flush())
            raise<Exception>("OVCL_GPU_SPIR_CLANG: cannot write ", files.source, " for ", label);
    }
    // -fgnu89-inline: the kernels' plain `inline` helpers get definitions of their own (C99 `inline` has none, and
    // calls an -O2 build leaves to them would not link in the device's kernel library). The OpenCL build options
    // are whitespace-separated words (-D NAME=value, -cl-...), as clang's cc1 takes them.
    std::vector<std::string> args = {clang,           "-cc1",           "-triple", "spir64-unknown-unknown",
                                     "-cl-std=CL1.2", "-finclude-default-header", "-cl-ext=+cl_khr_fp16",
                                     "-O2",           "-fgnu89-inline", "-emit-llvm-bc"};
    std::istringstream words(options);
    for (std::string w; words >> w;)
        args.push_back(w);
    args.insert(args.end(), {"-o", files.bitcode, files.source});
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, files.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    pid_t pid = 0;
    // posix_spawnp: a bare name (clang-15) is looked up in PATH.
    const int spawned = posix_spawnp(&pid, clang.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        raise<Exception>("OVCL_GPU_SPIR_CLANG: cannot run '", clang, "' for ", label, ": ", std::strerror(spawned));
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        raise<Exception>("OVCL_GPU_SPIR_CLANG: '", clang, "' failed on ", label, " with options '", options,
                         "':\n", read_file(files.log));
    const std::string bitcode = read_file(files.bitcode);
    if (bitcode.empty())
        raise<Exception>("OVCL_GPU_SPIR_CLANG: '", clang, "' wrote no bitcode for ", label);
    return std::vector<unsigned char>(bitcode.begin(), bitcode.end());
}

}  // namespace gpu
}  // namespace ovcl
