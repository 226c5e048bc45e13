// .npy reading and writing (src/tools/npy.hpp): round trips of every dtype, files written
// byte by byte as NumPy writes them, and malformed files that must fail with a message naming
// the file.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "common/test_utils.hpp"
#include "ovcl/except.hpp"
#include "tools/npy.hpp"

using namespace ovcl;
namespace fs = std::filesystem;

namespace {

class Npy : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_dir = fs::temp_directory_path() / ("ovcl_npy_" + std::to_string(::getpid()) + "_" + info->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    std::string write_bytes(const std::string& name, const std::string& bytes) const {
        const std::string p = path(name);
        std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return p;
    }
    /// A .npy file of format `major`.0 around a header dict, padded to 64 bytes as NumPy does.
    static std::string npy_bytes(int major, const std::string& dict, const std::string& data) {
        const size_t len_bytes = major == 1 ? 2 : 4;
        std::string header = dict;
        while ((6 + 2 + len_bytes + header.size() + 1) % 64 != 0)
            header += ' ';
        header += '\n';
        std::string out = "\x93NUMPY";
        out += static_cast<char>(major);
        out += '\0';
        for (size_t i = 0; i < len_bytes; ++i)
            out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
        return out + header + data;
    }
    /// Expects InvalidArgument whose message names the file and contains `what`.
    void expect_rejected(const std::string& file, const std::string& what) const {
        try {
            npy::read(file);
            ADD_FAILURE() << file << ": read without error, expected '" << what << "'";
        } catch (const InvalidArgument& e) {
            const std::string msg = e.what();
            EXPECT_NE(msg.find(file), std::string::npos) << "message does not name the file: " << msg;
            EXPECT_NE(msg.find(what), std::string::npos) << "message lacks '" << what << "': " << msg;
        }
    }

    fs::path m_dir;
};

const char* kDict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
std::string f32_pair() {
    const float v[2] = {1.5f, -2.0f};
    return std::string(reinterpret_cast<const char*>(v), sizeof(v));
}

}  // namespace

TEST_F(Npy, RoundTripsEveryDtype) {
    const std::pair<element::Type, const char*> types[] = {
        {element::f16, "<f2"}, {element::f32, "<f4"}, {element::f64, "<f8"}, {element::i8, "|i1"},
        {element::i16, "<i2"}, {element::i32, "<i4"}, {element::i64, "<i8"}, {element::u8, "|u1"},
        {element::u16, "<u2"}, {element::u32, "<u4"}, {element::u64, "<u8"}, {element::boolean, "|b1"},
    };
    const Shape shapes[] = {{2, 3}, {}, {7}, {0, 4}, {1, 2, 3, 4}};
    for (const auto& [type, descr] : types) {
        EXPECT_EQ(npy::descr(type), descr);
        for (const Shape& shape : shapes) {
            SCOPED_TRACE(type.get_type_name() + " " + shape.to_string());
            const double lo = type.is_signed() ? -100.0 : 0.0;
            const Tensor t = test::random_tensor(type, shape, lo, 100.0, 7);
            const std::string file = path("t.npy");
            npy::write(file, t);
            const auto size = fs::file_size(file);
            EXPECT_EQ((size - t.get_byte_size()) % 64, 0u) << "data must start 64-byte aligned";
            const Tensor back = npy::read(file);
            EXPECT_TENSOR_EQ(back, t);
            const std::string bytes = npy::serialize(t);
            EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
            EXPECT_NE(bytes.find(std::string("'descr': '") + descr + "'"), std::string::npos);
        }
    }
}

TEST_F(Npy, WritesShapesAsPythonTuples) {
    EXPECT_NE(npy::serialize(Tensor(element::f32, {3})).find("'shape': (3,)"), std::string::npos);
    EXPECT_NE(npy::serialize(Tensor(element::f32, {})).find("'shape': ()"), std::string::npos);
    EXPECT_NE(npy::serialize(Tensor(element::f32, {2, 5})).find("'shape': (2, 5)"), std::string::npos);
}

TEST_F(Npy, ReadsVersion1FileWrittenByHand) {
    // np.save of np.array([[1, -2, 3], [40000, -5, 6]], dtype='<i4'): 118 header bytes, data at 128.
    std::string bytes("\x93NUMPY\x01\x00\x76\x00", 10);
    bytes += "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
    bytes += std::string(58, ' ') + "\n";
    ASSERT_EQ(bytes.size(), 128u);
    const unsigned char data[] = {1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 3, 0, 0, 0,
                                  0x40, 0x9c, 0, 0, 0xfb, 0xff, 0xff, 0xff, 6, 0, 0, 0};
    bytes.append(reinterpret_cast<const char*>(data), sizeof(data));
    const Tensor t = npy::read(write_bytes("v1.npy", bytes));
    EXPECT_TENSOR_EQ(t, test::make_tensor<int32_t>(element::i32, {2, 3}, {1, -2, 3, 40000, -5, 6}));
}

TEST_F(Npy, ReadsVersion2And3Files) {
    // Version 2.0: 4-byte header length; keys in another order, double quotes, Python 2 longs.
    const Tensor a = npy::read(write_bytes(
        "v2.npy", npy_bytes(2, "{\"shape\": (2L,), \"fortran_order\": False, \"descr\": \"<f4\"}", f32_pair())));
    EXPECT_TENSOR_EQ(a, test::make_tensor<float>(element::f32, {2}, {1.5f, -2.0f}));
    const Tensor b = npy::read(write_bytes("v3.npy", npy_bytes(3, kDict, f32_pair())));
    EXPECT_TENSOR_EQ(b, a);
    // A version 2.0 file spelt out byte by byte: u8 scalar 200.
    std::string bytes("\x93NUMPY\x02\x00\x74\x00\x00\x00", 12);
    bytes += "{'descr': '|u1', 'fortran_order': False, 'shape': ()}";
    bytes += std::string(62, ' ') + "\n";
    ASSERT_EQ(bytes.size(), 128u);
    bytes += '\xc8';
    const Tensor c = npy::read(write_bytes("v2b.npy", bytes));
    EXPECT_EQ(c.get_shape(), Shape{});
    EXPECT_EQ(c.data<uint8_t>()[0], 200);
}

TEST_F(Npy, ReadsBooleansAsZeroOrOne) {
    const Tensor t = npy::parse(npy_bytes(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                                          std::string("\x00\x01\x07", 3)),
                                "bools");
    ASSERT_EQ(t.get_element_type(), element::boolean);
    EXPECT_EQ(test::values(t), (std::vector<double>{0, 1, 1}));
}

TEST_F(Npy, WritesStridedViewsDensely) {
    const Tensor t = test::random_tensor(element::f32, {4, 5}, -1, 1, 3);
    const Tensor roi(t, {1, 1}, {3, 4});
    const Tensor back = npy::parse(npy::serialize(roi), "roi");
    Tensor dense(element::f32, {2, 3});
    roi.copy_to(dense);
    EXPECT_TENSOR_EQ(back, dense);
}

TEST_F(Npy, UsesVersion2ForHugeHeaders) {
    const Shape shape(30000, 1);  // 30000 axes: the shape tuple alone is ~90 KB of text
    Tensor t(element::f32, shape);
    t.data<float>()[0] = 42.0f;
    const std::string bytes = npy::serialize(t);
    EXPECT_EQ(bytes[6], 2);
    EXPECT_EQ((bytes.size() - 4) % 64, 0u);
    const Tensor back = npy::parse(bytes, "huge");
    EXPECT_EQ(back.get_shape(), shape);
    EXPECT_EQ(back.data<float>()[0], 42.0f);
}

TEST_F(Npy, RejectsMalformedFiles) {
    const std::string good = npy_bytes(1, kDict, f32_pair());
    ASSERT_NO_THROW(npy::read(write_bytes("good.npy", good)));
    auto with_dict = [&](const std::string& name, const std::string& dict, const std::string& data = f32_pair()) {
        return write_bytes(name, npy_bytes(1, dict, data));
    };
    expect_rejected(path("missing.npy"), "no such");
    expect_rejected(m_dir.string(), "not a regular file");
    expect_rejected(write_bytes("empty.npy", ""), "too short");
    expect_rejected(write_bytes("magic.npy", "\x89PNG\r\n\x1a\n" + good.substr(8)), "bad magic");
    expect_rejected(write_bytes("version.npy", std::string("\x93NUMPY\x04\x00", 8) + good.substr(8)), "version 4.0");
    expect_rejected(write_bytes("lenfield.npy", std::string("\x93NUMPY\x02\x00\x10", 9)), "truncated .npy header");
    expect_rejected(write_bytes("header.npy", good.substr(0, 40)), "truncated .npy header");
    expect_rejected(with_dict("dtype.npy", "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }"),
                    "unsupported .npy dtype '<c8'");
    expect_rejected(with_dict("bigendian.npy", "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }"),
                    "big-endian");
    expect_rejected(with_dict("fortran.npy", "{'descr': '<f4', 'fortran_order': True, 'shape': (2,), }"),
                    "Fortran-order");
    expect_rejected(with_dict("short.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"),
                    "data is truncated");
    expect_rejected(with_dict("long.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }"),
                    "unexpected bytes after the data");
    expect_rejected(with_dict("overflow.npy",
                              "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"),
                    "more elements than fit");
    expect_rejected(
        with_dict("bytes_overflow.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,), }"),
        "more bytes than fit");
    expect_rejected(with_dict("digits.npy",
                              "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999,), }"),
                    "does not fit in 64 bits");
    expect_rejected(with_dict("huge.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000), }"),
                    "data is truncated");
    expect_rejected(with_dict("negative.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }"),
                    "non-negative integers");
    expect_rejected(with_dict("nokey.npy", "{'descr': '<f4', 'fortran_order': False}"), "missing key 'shape'");
    expect_rejected(with_dict("extrakey.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'x': 1}"),
                    "unexpected key 'x'");
    expect_rejected(with_dict("struct.npy", "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }"),
                    "structured dtypes");
    expect_rejected(with_dict("unterminated.npy", "{'descr': '<f4, 'fortran_order': False, 'shape': (2,), }"),
                    "malformed .npy header");
    expect_rejected(with_dict("trailing.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), } x"),
                    "unexpected text after the dictionary");
    expect_rejected(with_dict("notadict.npy", "['<f4', False, (2,)]"), "expected '{'");
    expect_rejected(with_dict("badbool.npy", "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,), }"),
                    "True or False");
}

TEST_F(Npy, ParseNamesItsSourceAndWriteNamesItsPath) {
    try {
        npy::parse("garbage", "<memory buffer>");
        ADD_FAILURE() << "no error";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("<memory buffer>"), std::string::npos) << e.what();
    }
    const std::string bad_dir = path("no/such/dir/out.npy");
    try {
        npy::write(bad_dir, Tensor(element::f32, {1}));
        ADD_FAILURE() << "no error";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find(bad_dir), std::string::npos) << e.what();
    }
    EXPECT_THROW(npy::descr(element::dynamic), InvalidArgument);
}
