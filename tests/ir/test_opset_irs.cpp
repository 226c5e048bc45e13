// IRs that OpenVINO 2026.4 wrote for the ops issue 24 added, one per (op type, version): the first case of each in
// tools/op_conformance.py, kept with `--keep` (tests/data/ir/opsets/<type>_opset<N>.xml + .bin, lower case). The
// conformance run checks their values against OpenVINO CPU; here each is read, written and read again to the
// same graph (the writer keeps every attribute, body and port map). They are also seeds of the IR-reader fuzzer
// (scripts/fuzz), which takes tests/data/ir/ and its folders.
#include <gtest/gtest.h>

#include <string>

#include "common/data_files.hpp"
#include "common/test_utils.hpp"
#include "ir/ir_test_utils.hpp"

using namespace ovcl;
using namespace ovcl::irtest;

namespace {

TEST(OpsetIrs, EachReadsWritesAndReadsBackTheSameGraph) {
    size_t models = 0;
    for (const auto& f : test::data_files("ir/opsets")) {
        if (f.extension() != ".xml")
            continue;
        SCOPED_TRACE(f.filename().string());
        const auto m = ir::read_model(f.string());
        TempDir dir;
        ir::write_model(*m, dir.file("m.xml"));
        expect_same_graph(*m, *ir::read_model(dir.file("m.xml")));
        ++models;
    }
    EXPECT_GE(models, 70u);  // the folder holds one IR per new op version
}

}  // namespace
