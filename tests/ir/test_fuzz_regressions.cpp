// Replays what the fuzzers (fuzz/, scripts/fuzz) found, through the same code they ran
// (fuzz/fuzz_harness.hpp): every file of tests/data/fuzz/ir_reader/ and .../import_model/ must
// be read or refused with an ovcl::Exception. Run under ASan+UBSan by scripts/test, where a
// crash, a leak or undefined behaviour fails it. The project's own test IRs (tests/data/ir/,
// without weights and with truncated weights) go through the IR harness too.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "common/data_files.hpp"
#include "common/models.hpp"
#include "fuzz/fuzz_harness.hpp"

namespace ovcl {
namespace {

using test::data_files;
using test::file_bytes;

const uint8_t* as_bytes(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

TEST(FuzzRegressions, IrReaderInputsAreReadOrRefused) {
    const auto files = data_files("fuzz/ir_reader");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string input = file_bytes(f);
        EXPECT_NO_THROW(fuzz::read_ir_input(as_bytes(input), input.size()));
    }
    RecordProperty("inputs", static_cast<int>(files.size()));
}

TEST(FuzzRegressions, ImportModelBlobsAreImportedOrRefused) {
    Core core;
    const auto files = data_files("fuzz/import_model");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string input = file_bytes(f);
        EXPECT_NO_THROW(fuzz::import_blob_input(core, as_bytes(input), input.size()));
        EXPECT_NO_THROW(fuzz::import_blob_input(core, as_bytes(input), input.size(), /*fix_crc=*/false));
    }
    RecordProperty("inputs", static_cast<int>(files.size()));
}

// A blob cut short anywhere is refused with an exception (the reader checks sizes before the
// checksum), and the whole blob imports: the import harness really reaches the plugin.
TEST(FuzzRegressions, TruncatedBlobsAreRefused) {
    Core core;
    std::ostringstream out;
    core.compile_model(test::add_relu_model(), "REF").export_model(out);
    const std::string blob = out.str();
    {
        std::istringstream in(blob);
        EXPECT_NO_THROW(core.import_model(in, "REF"));
    }
    for (size_t cut : {size_t{0}, size_t{7}, size_t{19}, size_t{20}, blob.size() / 2, blob.size() - 5,
                       blob.size() - 1}) {
        SCOPED_TRACE("cut at " + std::to_string(cut) + " of " + std::to_string(blob.size()));
        std::istringstream in(blob.substr(0, cut));
        EXPECT_THROW(core.import_model(in, "REF"), Exception);
        const std::string part = blob.substr(0, cut);
        EXPECT_NO_THROW(fuzz::import_blob_input(core, as_bytes(part), part.size()));
    }
}

// The harness itself: the test IRs with no weights, and with weights cut short, are refused
// cleanly (their Constants ask for bytes the weights do not have), never read past the end.
TEST(FuzzRegressions, TestIrsWithMissingOrShortWeights) {
    const auto files = data_files("ir");
    ASSERT_FALSE(files.empty());
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string xml = file_bytes(f);
        for (size_t bin_size : {size_t{0}, size_t{1}, size_t{7}, size_t{100}}) {
            const std::string input = fuzz::join_ir_input(xml, std::string(bin_size, '\x3f'));
            EXPECT_NO_THROW(fuzz::read_ir_input(as_bytes(input), input.size()));
        }
    }
}

TEST(FuzzRegressions, HarnessSplitsXmlAndWeightsAtTheFirstNul) {
    const std::string input = fuzz::join_ir_input("<net/>", std::string("\0\1\2", 3));
    const auto parts = fuzz::split_ir_input(as_bytes(input), input.size());
    EXPECT_EQ(parts.xml, "<net/>");
    EXPECT_EQ(parts.bin, std::string_view("\0\1\2", 3));
    const std::string xml_only = "<net/>";
    const auto whole = fuzz::split_ir_input(as_bytes(xml_only), xml_only.size());
    EXPECT_EQ(whole.xml, "<net/>");
    EXPECT_EQ(whole.bin.size(), 0u);
}

}  // namespace
}  // namespace ovcl
