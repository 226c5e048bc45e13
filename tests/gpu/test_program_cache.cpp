// Program building and its caches: disk binaries reused across processes (a fresh
// ProgramCache stands for a new process), corrupt files rebuilt, build errors with the log,
// allocation failures named.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "gpu_test_utils.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& what) {
        path = fs::temp_directory_path() / ("ovcl_" + what + "_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

// A tiny kernel served from $OVCL_KERNELS_DIR, so the test does not depend on any op's kernel.
struct KernelDir : TempDir {
    explicit KernelDir(const std::string& source) : TempDir("kernels") {
        std::ofstream(path / "cache_probe.cl") << source;
        setenv("OVCL_KERNELS_DIR", path.c_str(), 1);
    }
    ~KernelDir() { unsetenv("OVCL_KERNELS_DIR"); }
};

const char* kProbe = "__kernel void probe(__global float* x) { x[get_global_id(0)] *= SCALE; }\n";

size_t cache_files(const fs::path& dir) {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        n += e.path().filename().string().rfind("ovcl_cl_", 0) == 0 && e.path().extension() == ".bin";
    return n;
}

}  // namespace

TEST(ProgramCache, SecondProcessLoadsBinariesFromDisk) {
    OVCL_REQUIRE_GPU();
    KernelDir kernels(kProbe);
    TempDir cache("cache");
    auto* env = test::gpu_env();
    gpu::ProgramCache first(env->context, env->device);
    first.get("cache_probe", "-DSCALE=2.0f", cache.path.string());
    first.get("cache_probe", "-DSCALE=2.0f", cache.path.string());
    EXPECT_EQ(first.stats().compiled.load(), 1u);
    EXPECT_EQ(first.stats().memory_hits.load(), 1u);
    EXPECT_EQ(cache_files(cache.path), 1u);

    gpu::ProgramCache second(env->context, env->device);
    cl::Program p = second.get("cache_probe", "-DSCALE=2.0f", cache.path.string());
    EXPECT_EQ(second.stats().compiled.load(), 0u);
    EXPECT_EQ(second.stats().from_disk.load(), 1u);
    // The loaded binary works.
    float data[4] = {1, 2, 3, 4};
    cl::Buffer buf = gpu::make_buffer(env->context, sizeof data, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, data);
    cl::Kernel k(p, "probe");
    k.setArg(0, buf);
    env->queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(4));
    env->queue.enqueueReadBuffer(buf, CL_TRUE, 0, sizeof data, data);
    EXPECT_EQ(data[3], 8.f);
    // Other options are another program.
    second.get("cache_probe", "-DSCALE=3.0f", cache.path.string());
    EXPECT_EQ(second.stats().compiled.load(), 1u);
    EXPECT_EQ(cache_files(cache.path), 2u);
}

TEST(ProgramCache, IncludesAreExpandedIntoTheSource) {
    KernelDir kernels("#include \"probe_scale.cl\"\n" + std::string(kProbe));
    std::ofstream(kernels.path / "probe_scale.cl") << "#define SCALE 4.0f\n";
    const std::string source = gpu::kernel_source("cache_probe");
    EXPECT_NE(source.find("#define SCALE 4.0f"), std::string::npos) << source;
    EXPECT_EQ(source.find("#include"), std::string::npos) << source;
    std::ofstream(kernels.path / "loop.cl") << "#include \"loop.cl\"\n";
    EXPECT_THROW(gpu::kernel_source("loop"), Exception);  // a cycle ends in a clear error
}

TEST(ProgramCache, CorruptCacheFilesAreRebuilt) {
    OVCL_REQUIRE_GPU();
    KernelDir kernels(kProbe);
    TempDir cache("cache");
    auto* env = test::gpu_env();
    gpu::ProgramCache(env->context, env->device).get("cache_probe", "-DSCALE=2.0f", cache.path.string());
    for (const auto& e : fs::directory_iterator(cache.path)) {  // flip bytes in the middle of the binary
        std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(fs::file_size(e.path()) / 2));
        f.write("garbage!", 8);
    }
    gpu::ProgramCache again(env->context, env->device);
    EXPECT_NO_THROW(again.get("cache_probe", "-DSCALE=2.0f", cache.path.string()));
    for (const auto& e : fs::directory_iterator(cache.path))  // truncate it
        fs::resize_file(e.path(), 10);
    gpu::ProgramCache third(env->context, env->device);
    EXPECT_NO_THROW(third.get("cache_probe", "-DSCALE=2.0f", cache.path.string()));
    EXPECT_EQ(third.stats().compiled.load(), 1u);
}

TEST(ProgramCache, BuildFailureCarriesTheBuildLog) {
    OVCL_REQUIRE_GPU();
    KernelDir kernels("__kernel void probe(__global float* x) { x[0] = undeclared_name; }\n");
    auto* env = test::gpu_env();
    gpu::ProgramCache cache(env->context, env->device);
    try {
        cache.get("cache_probe", "", "");
        FAIL() << "no exception";
    } catch (const gpu::OclError& e) {
        const std::string msg = e.what();
        EXPECT_EQ(e.code(), CL_BUILD_PROGRAM_FAILURE);
        EXPECT_NE(msg.find("kernels_cl/cache_probe.cl"), std::string::npos) << msg;
        EXPECT_NE(msg.find("undeclared_name"), std::string::npos) << msg;
    }
    EXPECT_THROW(cache.get("no_such_kernel_file", "", ""), NotFound);
}

TEST(GpuBuffers, AllocationFailureIsNamed) {
    OVCL_REQUIRE_GPU();
    auto* env = test::gpu_env();
    const size_t too_big = static_cast<size_t>(env->device.max_alloc_size) + 1;
    try {
        gpu::make_buffer(env->context, too_big, CL_MEM_READ_WRITE);
        FAIL() << "no exception";
    } catch (const gpu::OclError& e) {
        EXPECT_NE(std::string(e.what()).find("clCreateBuffer"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(std::to_string(too_big)), std::string::npos) << e.what();
    }
}

// compile_model holds a Deferral over its warm-up: a driver serialises a program once, so the CACHE_DIR file is
// written when the last Deferral ends, after the launches, and (on PoCL) carries the work-group code they built.
TEST(ProgramCache, DeferredBinariesAreWrittenAfterTheLaunches) {
    OVCL_REQUIRE_GPU();
    KernelDir kernels(kProbe);
    TempDir cache("cache");
    auto* env = test::gpu_env();
    gpu::ProgramCache programs(env->context, env->device);
    {
        const gpu::ProgramCache::Deferral outer(programs);
        cl::Program p;
        {
            const gpu::ProgramCache::Deferral inner(programs);
            p = programs.get("cache_probe", "-DSCALE=5.0f", cache.path.string());
        }
        EXPECT_EQ(cache_files(cache.path), 0u) << "written while a Deferral still lives";
        float data[8] = {1, 1, 1, 1, 1, 1, 1, 1};
        cl::Buffer buf = gpu::make_buffer(env->context, sizeof data, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, data);
        cl::Kernel k(p, "probe");
        k.setArg(0, buf);
        env->queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(8), cl::NDRange(4));
        env->queue.finish();
    }
    ASSERT_EQ(cache_files(cache.path), 1u);
    // Without a Deferral a build is written at once.
    programs.get("cache_probe", "-DSCALE=6.0f", cache.path.string());
    EXPECT_EQ(cache_files(cache.path), 2u);

    if (env->device.platform_name.find("Portable Computing Language") == std::string::npos)
        return;  // what a binary holds is the driver's business; PoCL's names each work-group size it built
    std::string bytes;
    for (const auto& e : fs::directory_iterator(cache.path)) {
        std::ifstream in(e.path(), std::ios::binary);
        const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (file.find("SCALE=5.0f") != std::string::npos)
            bytes = file;
    }
    EXPECT_NE(bytes.find("probe/4-1-1"), std::string::npos) << "the binary lacks the launch's work-group function";
}

// Options naming one kernel build a program of that kernel alone: the driver then builds no code for the others
// (PoCL makes a work-group function for every kernel of a program whose binary is asked for). Kernels with local
// memory and attributes are left out as whole definitions; without the option the program has them all.
TEST(ProgramCache, OptionsNamingAKernelBuildItAlone) {
    OVCL_REQUIRE_GPU();
    KernelDir kernels(
        "__kernel __attribute__((reqd_work_group_size(4, 1, 1))) void other(__global float* x) {\n"
        "    __local float tile[4]; /* { unbalanced in a comment */\n"
        "    tile[get_local_id(0)] = x[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE);\n"
        "    x[get_global_id(0)] = tile[3 - get_local_id(0)]; // }\n"
        "}\n" +
        std::string(kProbe));
    auto* env = test::gpu_env();
    gpu::ProgramCache programs(env->context, env->device);
    const auto names = [](const cl::Program& p) { return p.getInfo<CL_PROGRAM_KERNEL_NAMES>(); };
    EXPECT_EQ(names(programs.get("cache_probe", "-DSCALE=2.0f", "")), "other;probe");
    EXPECT_EQ(names(programs.get("cache_probe", std::string("-DSCALE=2.0f ") + gpu::ProgramCache::kOnlyKernel + "probe", "")),
              "probe");
    EXPECT_EQ(names(programs.get("cache_probe", std::string("-DSCALE=2.0f ") + gpu::ProgramCache::kOnlyKernel + "other", "")),
              "other");
}
