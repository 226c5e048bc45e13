// Files from users, read by the runtime: a FIFO, a device file or a directory where a model, its
// weights, a plugins file, a kernel config or a kernel source is expected ends in a clear error at
// once (no wait for a writer, no endless read of /dev/zero), and a kernel config cannot name
// sources outside its own folder unless OVCL_KERNEL_SOURCE_DIRS allows that folder.
#include <gtest/gtest.h>

#include <cstdlib>

#include "runtime/file_read.hpp"
#include "hardening/hardening_utils.hpp"
#include "ovcl/core.hpp"
#include "ovcl/extension.hpp"
#include "ovcl/ir.hpp"
#include "ovcl/ops.hpp"

using namespace ovcl;
using namespace ovcl::hardening;
using namespace std::chrono_literals;

namespace {

// Parameter -> Add(constant) -> ReLU -> Result, written as .xml/.bin (the constant needs the .bin).
std::string write_relu_ir(const Scratch& dir, const std::string& name) {
    auto x = op::parameter(element::f32, PartialShape{2, 3}, "x");
    auto b = op::constant<float>(element::f32, Shape{3}, {1.f, -2.f, 0.5f});
    auto r = op::make("Relu", {op::make("Add", {x, b})});
    auto model = std::make_shared<Model>(NodeVector{op::result(r, "y")}, NodeVector{x}, "relu");
    ir::write_model(*model, dir.file(name + ".xml"));
    return dir.file(name + ".xml");
}

std::string kernel_config(const std::string& source, const std::string& global = "round_up(out0.size, 64)") {
    return "<CustomLayer name=\"HardenedOp\" type=\"SimpleGPU\" version=\"1\">\n"
           "  <Kernel entry=\"k\"><Source filename=\"" + source + "\"/></Kernel>\n"
           "  <Buffers><Tensor arg-index=\"0\" type=\"input\" port-index=\"0\"/>"
           "<Tensor arg-index=\"1\" type=\"output\" port-index=\"0\"/></Buffers>\n"
           "  <WorkSizes global=\"" + global + "\" local=\"64\"/>\n</CustomLayer>\n";
}

const char* kSource = "__kernel void k(__global const float* x, __global float* y) { y[0] = x[0]; }\n";

}  // namespace

TEST(UntrustedFiles, ReadRegularFileRefusesWhatIsNotARegularFile) {
    Scratch dir;
    const std::string fifo = dir.fifo("pipe");
    finishes_within(20s, {fifo}, [&] {
        expect_error<InvalidArgument>([&] { detail::read_regular_file(fifo, 1024, "probe"); }, {"pipe", "a FIFO"});
        expect_error<InvalidArgument>([&] { detail::read_regular_file("/dev/zero", 1024, "probe"); },
                                      {"/dev/zero", "character device"});
        expect_error<InvalidArgument>([&] { detail::read_regular_file(dir.path().string(), 1024, "probe"); },
                                      {"a directory"});
        expect_error<NotFound>([&] { detail::read_regular_file(dir.file("missing"), 1024, "probe"); }, {"missing"});
        expect_error<InvalidArgument>([&] { detail::read_regular_file("", 1024, "probe"); }, {"empty"});
    });
    const std::string big = dir.write("big", std::string(2000, 'x'));
    expect_error<InvalidArgument>([&] { detail::read_regular_file(big, 1024, "probe"); },
                                  {"2000 bytes", "limit of 1024"});
    EXPECT_EQ(detail::read_regular_file(big, 2000, "probe").size(), 2000u);
}

TEST(UntrustedFiles, ModelAndWeightsThatAreNotRegularFiles) {
    Scratch dir;
    const std::string xml = write_relu_ir(dir, "relu");
    Core core;
    const std::string fifo_xml = dir.fifo("pipe.xml");
    const std::string fifo_bin = dir.fifo("pipe.bin");
    finishes_within(30s, {fifo_xml, fifo_bin}, [&] {
        expect_error<ModelError>([&] { core.read_model(fifo_xml); }, {"pipe.xml", "a FIFO"});
        expect_error<ModelError>([&] { core.read_model("/dev/zero"); }, {"/dev/zero", "character device"});
        expect_error<ModelError>([&] { core.read_model(dir.path().string()); }, {"a directory"});
        // The .bin named beside the .xml: a FIFO, then /dev/zero through a symbolic link.
        expect_error<ModelError>([&] { core.read_model(xml, fifo_bin); }, {"pipe.bin", "a FIFO"});
        fs::create_symlink("/dev/zero", dir.file("zero.bin"));
        expect_error<ModelError>([&] { core.read_model(xml, dir.file("zero.bin")); }, {"character device"});
        // compile_model(path) with CACHE_DIR hashes the files before reading them.
        expect_error<Exception>(
            [&] { core.compile_model(fifo_xml, "REF", {{"CACHE_DIR", dir.file("cache")}}); }, {"a FIFO"});
    });
    EXPECT_NO_THROW(core.read_model(xml));  // the regular files still read
}

TEST(UntrustedFiles, PluginsFileThatIsAFifo) {
    Scratch dir;
    const std::string fifo = dir.fifo("plugins.xml");
    finishes_within(20s, {fifo}, [&] {
        expect_error<InvalidArgument>([&] { Core core(fifo); }, {"plugins.xml", "a FIFO"});
        ::setenv("OVCL_PLUGINS_XML", fifo.c_str(), 1);
        expect_error<InvalidArgument>([&] { Core core; }, {"plugins.xml", "a FIFO"});
        ::unsetenv("OVCL_PLUGINS_XML");
    });
}

TEST(UntrustedFiles, KernelConfigsAndTheirSources) {
    Scratch dir;
    dir.write("k.cl", kSource);
    fs::create_directories(dir.path() / "configs");
    const auto config = [&](const std::string& name, const std::string& body) {
        return dir.write("configs/" + name, body);
    };
    // Inside the config's folder: read.
    fs::copy_file(dir.file("k.cl"), dir.file("configs/k.cl"));
    EXPECT_EQ(read_kernel_config(config("inside.xml", kernel_config("k.cl"))).size(), 1u);
    // Outside it, by "..", by an absolute path or through a symbolic link: refused, the text never read.
    expect_error<InvalidArgument>([&] { read_kernel_config(config("up.xml", kernel_config("../k.cl"))); },
                                  {"up.xml:2", "outside the config's folder", "OVCL_KERNEL_SOURCE_DIRS"});
    expect_error<InvalidArgument>(
        [&] { read_kernel_config(config("passwd.xml", kernel_config("../../../../../../../../etc/passwd"))); },
        {"outside the config's folder"});
    expect_error<InvalidArgument>([&] { read_kernel_config(config("abs.xml", kernel_config(dir.file("k.cl")))); },
                                  {"outside the config's folder"});
    fs::create_symlink(dir.file("k.cl"), dir.file("configs/link.cl"));
    expect_error<InvalidArgument>([&] { read_kernel_config(config("link.xml", kernel_config("link.cl"))); },
                                  {"outside the config's folder"});
    // Allowed folders: OVCL_KERNEL_SOURCE_DIRS (absolute paths only).
    ::setenv("OVCL_KERNEL_SOURCE_DIRS", ("relative:" + dir.path().string()).c_str(), 1);
    EXPECT_EQ(read_kernel_config(config("abs_ok.xml", kernel_config(dir.file("k.cl")))).size(), 1u);
    EXPECT_EQ(read_kernel_config(config("up_ok.xml", kernel_config("../k.cl"))).size(), 1u);
    expect_error<InvalidArgument>([&] { read_kernel_config(config("etc.xml", kernel_config("/etc/passwd"))); },
                                  {"outside the config's folder"});
    ::unsetenv("OVCL_KERNEL_SOURCE_DIRS");
    // Sources and configs that are not regular files.
    const std::string fifo_cl = dir.fifo("configs/pipe.cl");
    const std::string fifo_xml = dir.fifo("configs/pipe.xml");
    fs::create_symlink("/dev/zero", dir.file("configs/zero.cl"));
    finishes_within(20s, {fifo_cl, fifo_xml}, [&] {
        expect_error<InvalidArgument>([&] { read_kernel_config(config("fifo.xml", kernel_config("pipe.cl"))); },
                                      {"fifo.xml:2", "a FIFO"});
        ::setenv("OVCL_KERNEL_SOURCE_DIRS", "/dev", 1);
        expect_error<InvalidArgument>([&] { read_kernel_config(config("zero.xml", kernel_config("/dev/zero"))); },
                                      {"zero.xml:2", "character device"});
        ::unsetenv("OVCL_KERNEL_SOURCE_DIRS");
        expect_error<InvalidArgument>([&] { read_kernel_config(fifo_xml); }, {"pipe.xml", "a FIFO"});
        expect_error<InvalidArgument>([&] { OpenCLKernel::from_file(fifo_cl, "k"); }, {"pipe.cl", "a FIFO"});
    });
}

TEST(UntrustedFiles, AnExpressionNestedTooDeeplyInAConfig) {
    Scratch dir;
    dir.write("k.cl", kSource);
    const std::string deep = std::string(100000, '(') + "1" + std::string(100000, ')');
    const auto config = read_kernel_config(dir.write("deep.xml", kernel_config("k.cl", deep)));
    Core core;
    expect_error<Exception>([&] { core.add_extension(config); }, {"deep.xml:4", "nests deeper than"});
}
