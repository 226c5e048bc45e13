// Compiled-model blobs that are damaged or foreign (runtime/blob_format.hpp), on REF: every
// truncation, every single-bit flip, a wrong magic, format version, plugin, library version or
// architecture, and garbage, each refused with an InvalidArgument that says what is wrong; through
// the model cache (CACHE_DIR) the same damage means a silent recompile. In the ir suite, so the
// ASan+UBSan pass of scripts/test runs it.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "common/export_test_utils.hpp"
#include "common/models.hpp"
#include "ovcl/ops.hpp"
#include "runtime/blob_format.hpp"

using namespace ovcl;
using namespace ovcl::test;

namespace {

class BlobMalformed : public ::testing::Test {
protected:
    void SetUp() override {
        compiled = core.compile_model(add_relu_model(), "REF");
        blob = exported(compiled);
    }

    /// The import's error message; fails the test when the import succeeds or throws anything else.
    std::string import_error(const std::string& bytes) {
        try {
            imported(core, bytes, "REF");
        } catch (const InvalidArgument& e) {
            return e.what();
        } catch (const std::exception& e) {
            ADD_FAILURE() << "not an InvalidArgument: " << e.what();
            return e.what();
        }
        ADD_FAILURE() << "a damaged blob of " << bytes.size() << " bytes was imported";
        return {};
    }

    /// A blob with the sections of `blob` and a header changed by `change`, with a valid checksum.
    template <typename F>
    std::string rewritten(F&& change, bool drop_xml = false, const std::string& xml = "") {
        std::stringstream in(blob);
        blob::Reader r(in, "test");
        blob::Header h = r.header();
        change(h);
        blob::Writer w(h);
        if (!drop_xml)
            w.add("model.xml", xml.empty() ? std::string(r.section("model.xml")) : xml);
        w.add("model.bin", std::string(r.section("model.bin")));
        std::stringstream out;
        w.write(out);
        return out.str();
    }

    Core core;
    CompiledModel compiled;
    std::string blob;
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) bit by bit: an oracle independent of zlib.
uint32_t crc32_reference(const std::string& bytes) {
    uint32_t crc = 0xffffffffu;
    for (unsigned char c : bytes) {
        crc ^= c;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

}  // namespace

TEST_F(BlobMalformed, IntactBlobImports) {
    ASSERT_GT(blob.size(), 24u);
    uint32_t stored = 0;  // the trailer is the standard CRC-32 of everything before it, little-endian
    for (int i = 0; i < 4; ++i)
        stored |= static_cast<uint32_t>(static_cast<unsigned char>(blob[blob.size() - 4 + i])) << (8 * i);
    EXPECT_EQ(stored, crc32_reference(blob.substr(0, blob.size() - 4)));
    EXPECT_EQ(blob.substr(0, 8), "OVCLBLOB");
    auto back = imported(core, blob, "REF");
    const TensorVector in{random_tensor(element::f32, {2, 3}, -1, 1, 1), random_tensor(element::f32, {2, 3}, -1, 1, 2)};
    EXPECT_TENSOR_EQ(infer(back, in).at(0), infer(compiled, in).at(0));
}

TEST_F(BlobMalformed, EveryTruncationIsRefused) {
    for (size_t n = 0; n < blob.size(); ++n) {
        const std::string msg = import_error(blob.substr(0, n));
        ASSERT_TRUE(has(msg, "REF import_model: the blob is truncated")) << n << " bytes: " << msg;
    }
}

TEST_F(BlobMalformed, EveryBitFlipIsRefused) {
    for (size_t i = 0; i < blob.size(); ++i) {
        std::string bad = blob;
        bad[i] = static_cast<char>(bad[i] ^ (1 << (i % 8)));
        const std::string msg = import_error(bad);
        ASSERT_TRUE(has(msg, "wrong magic") || has(msg, "format version") || has(msg, "truncated") ||
                    has(msg, "checksum"))
            << "byte " << i << ": " << msg;
        if (i >= 20 && i < blob.size() - 4) {  // the body: only the checksum can tell
            ASSERT_TRUE(has(msg, "CRC-32 checksum does not match")) << "byte " << i << ": " << msg;
        }
    }
}

TEST_F(BlobMalformed, WrongMagicIsNamed) {
    std::string bad = blob;
    bad.replace(0, 8, "OVCLBIN1");
    EXPECT_TRUE(has(import_error(bad), "not an ovcl compiled-model blob (wrong magic"));
    EXPECT_TRUE(has(import_error("<?xml version=\"1.0\"?><net name=\"x\" version=\"11\"/>"), "wrong magic"));
}

TEST_F(BlobMalformed, OtherFormatVersionIsNamed) {
    std::string bad = blob;
    bad[8] = static_cast<char>(blob::kFormatVersion + 1);
    EXPECT_TRUE(has(import_error(bad), "the blob has format version " + std::to_string(blob::kFormatVersion + 1) +
                                           ", this library reads version " + std::to_string(blob::kFormatVersion)))
        << import_error(bad);
}

TEST_F(BlobMalformed, OtherPluginLibraryOrArchitectureIsNamed) {
    EXPECT_TRUE(has(import_error(rewritten([](blob::Header& h) { h.plugin = "GPU"; })),
                    "REF import_model: the blob was compiled for plugin 'GPU', this is 'REF'"));
    EXPECT_TRUE(has(import_error(rewritten([](blob::Header& h) { h.library_version = "0.0.0-other"; })),
                    "the blob was compiled for library version '0.0.0-other', this is '" + blob::library_version()));
    EXPECT_TRUE(has(import_error(rewritten([](blob::Header& h) { h.architecture = "riscv"; })),
                    "the blob was compiled for device architecture 'riscv', this is 'host'"));
}

TEST_F(BlobMalformed, MissingSectionOrBadModelIsNamed) {
    EXPECT_TRUE(has(import_error(rewritten([](blob::Header&) {}, /*drop_xml=*/true)),
                    "the blob has no 'model.xml' section"));
    const std::string msg = import_error(rewritten([](blob::Header&) {}, false, "<net version=\"11\"><layers>"));
    EXPECT_TRUE(has(msg, "REF import_model: the blob's model cannot be read")) << msg;
}

TEST_F(BlobMalformed, DamagedSectionTableIsRefused) {
    // A well-formed preamble and checksum around a section table that lies about its sizes.
    for (const std::string& body : {std::string("\xff\xff\xff\xff", 4), std::string("\x01\0\0\0\xff\xff\xff\xff", 8),
                                    std::string("\x01\0\0\0\x06\0\0\0\0\0\0\0header\x40\0\0\0\0\0\0\0{}", 28),
                                    std::string("\x01\0\0\0\x06\0\0\0\0\0\0\0header\x02\0\0\0\0\0\0\0{}", 28)}) {
        std::string bytes = "OVCLBLOB";
        bytes += std::string("\x01\0\0\0", 4);
        for (int i = 0; i < 8; ++i)
            bytes.push_back(static_cast<char>((body.size() >> (8 * i)) & 0xff));
        bytes += body;
        const uint32_t crc = crc32_reference(bytes);
        for (int i = 0; i < 4; ++i)
            bytes.push_back(static_cast<char>((crc >> (8 * i)) & 0xff));
        const std::string msg = import_error(bytes);
        EXPECT_TRUE(has(msg, "REF import_model: ")) << msg;
    }
}

TEST_F(BlobMalformed, RandomGarbageIsRefused) {
    std::mt19937 rng(5);
    for (int round = 0; round < 200; ++round) {
        std::string bytes = round % 2 ? blob.substr(0, 20) : std::string();  // half with a valid preamble
        const size_t n = rng() % 512;
        for (size_t i = 0; i < n; ++i)
            bytes.push_back(static_cast<char>(rng()));
        import_error(bytes);
    }
}

TEST_F(BlobMalformed, DamagedCacheEntryMeansASilentRecompile) {
    ScratchDir dir("blob_cache");
    core.set_property({{cache_dir.key, dir.str()}});
    const TensorVector in{random_tensor(element::f32, {2, 3}, -1, 1, 1), random_tensor(element::f32, {2, 3}, -1, 1, 2)};
    const Tensor expected = infer(compiled, in).at(0);
    core.compile_model(add_relu_model(), "REF");
    const auto entries = dir.files("ovcl_model_");
    ASSERT_EQ(entries.size(), 1u);
    const std::string good = [&] {
        std::ifstream f(entries[0], std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(f), {});
    }();
    const std::vector<std::string> damaged = {good.substr(0, good.size() / 2), "OVCLBIN1" + good.substr(8),
                                              std::string(good).replace(100, 1, "\x7f"), ""};
    for (const auto& bytes : damaged) {
        std::ofstream(entries[0], std::ios::binary | std::ios::trunc) << bytes;
        auto recompiled = core.compile_model(add_relu_model(), "REF");
        EXPECT_FALSE(recompiled.get_property(loaded_from_cache));
        EXPECT_TENSOR_EQ(infer(recompiled, in).at(0), expected);
        auto again = core.compile_model(add_relu_model(), "REF");  // the entry was written afresh
        EXPECT_TRUE(again.get_property(loaded_from_cache));
        EXPECT_TENSOR_EQ(infer(again, in).at(0), expected);
    }
    EXPECT_EQ(dir.files().size(), 1u);  // no temporary file left behind
}

// The model cache hands a mapped entry to import as a blob::SharedBytesStream: the reader views those bytes, the
// model's constants view them in turn and keep them alive, and damage is refused as from any stream.
TEST_F(BlobMalformed, SharedBytesAreViewedNotCopied) {
    std::vector<float> w(1024);
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<float>(i) * 0.5f;
    auto x = op::parameter(element::f32, Shape{1, 1024}, "x");
    auto sum = op::make("Add", {x, op::constant(element::f32, Shape{1, 1024}, w)});
    sum->output_names(0).insert("sum");
    const std::string with_weights = exported(core.compile_model(
        std::make_shared<Model>(NodeVector{op::result(sum, "sum")}, NodeVector{x}, "weights"), "REF"));

    // A constant is viewed where its bytes are aligned for its type (else copied), so the blob is placed with
    // model.bin on a 64-byte boundary, wherever the header's length (the library version) leaves it.
    size_t bin_at = 0;
    {
        const auto alone = std::make_shared<const std::string>(with_weights);
        blob::SharedBytesStream in(alone, *alone, 0);
        const blob::Reader reader(in, "test");
        bin_at = static_cast<size_t>(reader.section("model.bin").data() - alone->data());
    }
    std::shared_ptr<Model> model;
    const char* begin = nullptr;
    size_t size = 0;
    {
        auto placed = std::make_shared<std::string>(with_weights.size() + 64 + 4, 't');
        const size_t pad = (64 - (reinterpret_cast<uintptr_t>(placed->data()) + bin_at) % 64) % 64;
        placed->replace(pad, with_weights.size(), with_weights);
        const std::shared_ptr<const std::string> bytes = placed;
        begin = bytes->data();
        size = bytes->size();
        blob::SharedBytesStream in(bytes, *bytes, pad);
        const blob::Reader reader(in, "test");
        EXPECT_EQ(in.unread(), std::string(64 + 4 - pad, 't'));  // the blob is consumed, what follows it is not
        const std::string_view bin = reader.section("model.bin");
        EXPECT_TRUE(bin.data() >= begin && bin.data() + bin.size() <= begin + size) << "the section was copied";
        model = blob::read_model(reader);
    }  // the reader and the stream are gone; the constant still holds the bytes
    size_t viewed = 0;
    for (const auto& n : model->get_ordered_ops()) {
        if (!n->is_constant() || n->get_constant_value().get_byte_size() != w.size() * sizeof(float))
            continue;
        const Tensor value = n->get_constant_value();
        const auto* data = static_cast<const char*>(value.data());
        viewed += data >= begin && data < begin + size;
        EXPECT_EQ(std::vector<float>(value.data<float>(), value.data<float>() + w.size()), w);
    }
    EXPECT_EQ(viewed, 1u);

    for (size_t n : {size_t(0), size_t(10), with_weights.size() / 2, with_weights.size() - 1}) {
        const auto part = std::make_shared<const std::string>(with_weights.substr(0, n));
        blob::SharedBytesStream in(part, *part, 0);
        try {
            blob::Reader reader(in, "test");
            ADD_FAILURE() << n << " bytes were read as a blob";
        } catch (const InvalidArgument& e) {
            EXPECT_TRUE(has(e.what(), "truncated")) << n << " bytes: " << e.what();
        }
    }
    std::string flipped = with_weights;
    flipped[with_weights.size() / 2] ^= 0x10;
    blob::SharedBytesStream in(nullptr, flipped, 0);
    EXPECT_THROW(blob::Reader(in, "test"), InvalidArgument);
}

// A body of 16 MiB or more is checksummed in 8 MiB chunks on every core and joined (crc32_combine): the trailer is
// still the one CRC-32 of everything before it, and a flip inside a later chunk is still caught.
TEST_F(BlobMalformed, LargeBlobKeepsOneCrc32) {
    std::vector<float> w(size_t(5) << 20);  // 20 MiB of weights
    for (size_t i = 0; i < w.size(); ++i)
        w[i] = static_cast<float>(i % 977);
    auto x = op::parameter(element::f32, Shape{1, w.size()}, "x");
    auto sum = op::make("Add", {x, op::constant(element::f32, Shape{1, w.size()}, w)});
    const std::string big = exported(core.compile_model(
        std::make_shared<Model>(NodeVector{op::result(sum, "sum")}, NodeVector{x}, "big"), "REF"));
    ASSERT_GT(big.size(), size_t(20) << 20);
    uint32_t stored = 0;
    for (int i = 0; i < 4; ++i)
        stored |= static_cast<uint32_t>(static_cast<unsigned char>(big[big.size() - 4 + i])) << (8 * i);
    EXPECT_EQ(stored, crc32_reference(big.substr(0, big.size() - 4)));
    EXPECT_NO_THROW(imported(core, big, "REF"));
    {  // the weights start 64-byte aligned within the body (a filler section before them), as the writer promises
        std::stringstream in(big);
        const blob::Reader reader(in, "test");
        const char* body = reader.section("header").data() - 8 - 6 - 8 - 4;  // data size, "header", its size, count
        EXPECT_EQ((reader.section("model.bin").data() - body) % 64, 0);
        EXPECT_TRUE(reader.has("ovcl.align.0"));
    }
    std::string bad = big;
    bad[big.size() - (size_t(3) << 20)] ^= 0x01;
    EXPECT_TRUE(has(import_error(bad), "CRC-32 checksum does not match"));
}
