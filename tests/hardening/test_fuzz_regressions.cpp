// Replays what the extension and program-file fuzzers (fuzz/, scripts/fuzz) found, through the same
// code they ran: every file of tests/data/fuzz/{kernel_config,expression,program_file}/ must be read
// or refused with an ovcl::Exception (program files: read back exactly or not at all). Run under
// ASan+UBSan by scripts/test, where a crash, a leak or undefined behaviour fails it.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "common/data_files.hpp"
#include "fuzz/fuzz_extension_harness.hpp"
#include "fuzz/fuzz_program_file_harness.hpp"
#include "hardening_utils.hpp"

namespace ovcl {
namespace {

using test::data_files;
using test::file_bytes;

const uint8_t* as_bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

TEST(FuzzRegressions, KernelConfigInputsAreReadOrRefused) {
    hardening::Scratch dir;
    for (const char* name : fuzz::kFuzzKernelSources)
        dir.write(name, "__kernel void k(__global float* x) { x[0] = 0.f; }\n");
    const auto files = data_files("fuzz/kernel_config");
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string input = file_bytes(f);
        EXPECT_NO_THROW(fuzz::kernel_config_input(as_bytes(input), input.size(), dir.file("fuzz.xml")));
    }
}

TEST(FuzzRegressions, ExpressionInputsAreEvaluatedOrRefused) {
    const auto files = data_files("fuzz/expression");
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string input = file_bytes(f);
        EXPECT_NO_THROW(fuzz::expression_input(as_bytes(input), input.size()));
    }
}

// The harness's references reach the values that break unchecked arithmetic, and the evaluator
// refuses them (INT64_MIN / -1, INT64_MAX + 1, -INT64_MIN) or gives the defined result (INT64_MIN % -1
// is 0, where C's % would trap).
TEST(FuzzRegressions, ExpressionProbesReachTheInt64Extremes) {
    const auto eval = [](const std::string& text) { return ext::Expression::parse(text).evaluate(fuzz::probe_value); };
    EXPECT_EQ(eval("in2.d0"), std::numeric_limits<int64_t>::min());
    EXPECT_EQ(eval("in0.d1"), std::numeric_limits<int64_t>::max());
    EXPECT_EQ(eval("in2.size + 1"), std::nullopt);  // a dynamic dimension
    EXPECT_THROW(eval("in2.d0 / -1"), Exception);
    EXPECT_EQ(eval("in2.d0 % -1"), 0);
    EXPECT_THROW(eval("in0.d1 + 1"), Exception);
    EXPECT_THROW(eval("-in2.d0"), Exception);
}

TEST(FuzzRegressions, ProgramFilesAreReadBackExactlyOrNotAtAll) {
    const auto files = data_files("fuzz/program_file");
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string input = file_bytes(f);
        EXPECT_NO_THROW(fuzz::program_file_input(as_bytes(input), input.size()));
        EXPECT_EQ(gpu::decode_program_file(input, fuzz::kFuzzProgramKey), "") << "a reproducer is a damaged file";
    }
}

// Every single flipped byte and every truncation of a good file is refused, as is the file under
// another key; the good file reads back its binary.
TEST(FuzzRegressions, DamagedProgramFilesAreRefused) {
    const std::string binary = "\x7f" "ELF pretend program binary";
    const std::string good = gpu::encode_program_file(fuzz::kFuzzProgramKey, binary);
    ASSERT_EQ(gpu::decode_program_file(good, fuzz::kFuzzProgramKey), binary);
    EXPECT_EQ(gpu::decode_program_file(good, fuzz::kFuzzProgramKey + " "), "");
    for (size_t i = 0; i < good.size(); ++i) {
        std::string flipped = good;
        flipped[i] = static_cast<char>(flipped[i] ^ 0x20);
        EXPECT_EQ(gpu::decode_program_file(flipped, fuzz::kFuzzProgramKey), "") << "byte " << i << " flipped";
        EXPECT_EQ(gpu::decode_program_file(std::string_view(good).substr(0, i), fuzz::kFuzzProgramKey), "")
            << "cut at " << i;
    }
}

}  // namespace
}  // namespace ovcl
