#include "tools/npy.hpp"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <utility>

#include "runtime/file_read.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace npy {
namespace {

// The byte order of the data is taken as the host's: every platform ovcl targets
// (x86-64, AArch64) is little-endian, like the files it reads and writes.
constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;
constexpr size_t kAlign = 64;  // NumPy pads the header so the data starts 64-byte aligned

struct DtypeRow {
    char kind;
    size_t bytes;
    element::Type type;
};
constexpr DtypeRow kDtypes[] = {
    {'f', 2, element::f16}, {'f', 4, element::f32}, {'f', 8, element::f64}, {'i', 1, element::i8},
    {'i', 2, element::i16}, {'i', 4, element::i32}, {'i', 8, element::i64}, {'u', 1, element::u8},
    {'u', 2, element::u16}, {'u', 4, element::u32}, {'u', 8, element::u64}, {'b', 1, element::boolean},
};

struct Header {
    std::string descr;
    bool fortran_order = false;
    Shape shape;
};

// A parser for the one Python literal a .npy header holds: a dict with the keys 'descr'
// (a string), 'fortran_order' (True/False) and 'shape' (a tuple of non-negative ints).
class HeaderParser {
public:
    HeaderParser(const std::string& text, const std::string& source) : m_s(text), m_source(source) {}

    Header parse() {
        Header h;
        bool seen_descr = false, seen_order = false, seen_shape = false;
        skip_ws();
        expect('{');
        while (true) {
            skip_ws();
            if (consume('}'))
                break;
            const std::string key = parse_string();
            skip_ws();
            expect(':');
            skip_ws();
            if (key == "descr") {
                if (peek() != '\'' && peek() != '"')
                    fail("'descr' must be a dtype string (structured dtypes are not supported)");
                h.descr = parse_string();
                seen_descr = true;
            } else if (key == "fortran_order") {
                h.fortran_order = parse_bool();
                seen_order = true;
            } else if (key == "shape") {
                h.shape = parse_shape();
                seen_shape = true;
            } else {
                fail("unexpected key '" + key + "'");
            }
            skip_ws();
            if (consume('}'))
                break;
            expect(',');
        }
        skip_ws();
        if (m_pos != m_s.size())
            fail("unexpected text after the dictionary");
        if (!seen_descr || !seen_order || !seen_shape)
            fail(std::string("missing key '") + (!seen_descr ? "descr" : !seen_order ? "fortran_order" : "shape") +
                 "'");
        return h;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        raise<InvalidArgument>(m_source, ": malformed .npy header: ", what, " (header offset ", m_pos, ")");
    }
    char peek() const { return m_pos < m_s.size() ? m_s[m_pos] : '\0'; }
    void skip_ws() {
        while (m_pos < m_s.size() && std::isspace(static_cast<unsigned char>(m_s[m_pos])))
            ++m_pos;
    }
    bool consume(char c) {
        if (peek() != c || m_pos >= m_s.size())
            return false;
        ++m_pos;
        return true;
    }
    void expect(char c) {
        if (!consume(c))
            fail(std::string("expected '") + c + "'");
    }
    std::string parse_string() {
        const char q = peek();
        if (q != '\'' && q != '"')
            fail("expected a quoted string");
        const size_t end = m_s.find(q, m_pos + 1);
        if (end == std::string::npos)
            fail("unterminated string");
        std::string out = m_s.substr(m_pos + 1, end - m_pos - 1);
        m_pos = end + 1;
        return out;
    }
    bool parse_bool() {
        if (m_s.compare(m_pos, 4, "True") == 0) {
            m_pos += 4;
            return true;
        }
        if (m_s.compare(m_pos, 5, "False") == 0) {
            m_pos += 5;
            return false;
        }
        fail("'fortran_order' must be True or False");
    }
    size_t parse_extent() {
        if (!std::isdigit(static_cast<unsigned char>(peek())))
            fail("'shape' must hold non-negative integers");
        size_t v = 0;
        while (std::isdigit(static_cast<unsigned char>(peek()))) {
            const size_t d = static_cast<size_t>(peek() - '0');
            if (v > (std::numeric_limits<size_t>::max() - d) / 10)
                fail("an extent of 'shape' does not fit in 64 bits");
            v = v * 10 + d;
            ++m_pos;
        }
        consume('L');  // Python 2 wrote long integers as 3L
        return v;
    }
    Shape parse_shape() {
        expect('(');
        Shape shape;
        while (true) {
            skip_ws();
            if (consume(')'))
                break;
            shape.push_back(parse_extent());
            skip_ws();
            if (consume(')'))
                break;
            expect(',');
        }
        return shape;
    }

    const std::string& m_s;
    const std::string& m_source;
    size_t m_pos = 0;
};

element::Type type_of(const std::string& descr, const std::string& source) {
    auto bad = [&](const char* why) {
        raise<InvalidArgument>(source, ": unsupported .npy dtype '", descr, "'", why);
    };
    if (descr.size() < 3)
        bad("");
    const char order = descr[0], kind = descr[1];
    size_t bytes = 0;
    for (size_t i = 2; i < descr.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(descr[i])) || bytes > 64)
            bad("");
        bytes = bytes * 10 + static_cast<size_t>(descr[i] - '0');
    }
    for (const DtypeRow& row : kDtypes) {
        if (row.kind != kind || row.bytes != bytes)
            continue;
        // Byte order means nothing for one-byte types; NumPy writes '|' for them.
        if (bytes == 1 && (order == '|' || order == '<' || order == '>' || order == '='))
            return row.type;
        if (bytes > 1 && (order == '<' || order == '='))
            return row.type;
        if (bytes > 1 && order == '>')
            bad(": big-endian data is not supported (save it with a '<' dtype)");
        bad("");
    }
    bad(" (supported: <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1)");
    return element::undefined;  // not reached
}

uint64_t read_le(const unsigned char* p, size_t n) {
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

// `total` is the size of the whole stream: checked against what the header promises before
// anything is allocated, so a corrupt shape cannot ask for terabytes.
Tensor read_stream(std::istream& in, uint64_t total, const std::string& source) {
    unsigned char prefix[12] = {};
    if (total < kMagicSize + 2 || !in.read(reinterpret_cast<char*>(prefix), kMagicSize + 2))
        raise<InvalidArgument>(source, ": not a .npy file: too short (", total, " bytes) for the magic string");
    if (std::memcmp(prefix, kMagic, kMagicSize) != 0)
        raise<InvalidArgument>(source, ": not a .npy file: bad magic string (expected \\x93NUMPY)");
    const unsigned major = prefix[6], minor = prefix[7];
    if (major < 1 || major > 3 || minor != 0)
        raise<InvalidArgument>(source, ": unsupported .npy format version ", major, ".", minor,
                               " (1.0, 2.0 and 3.0 are read)");
    const size_t len_bytes = major == 1 ? 2 : 4;
    const uint64_t start = kMagicSize + 2 + len_bytes;
    if (total < start || !in.read(reinterpret_cast<char*>(prefix + 8), static_cast<std::streamsize>(len_bytes)))
        raise<InvalidArgument>(source, ": truncated .npy header: the header length field is cut off");
    const uint64_t header_len = read_le(prefix + 8, len_bytes);
    if (header_len > total - start)
        raise<InvalidArgument>(source, ": truncated .npy header: it declares ", header_len, " bytes but only ",
                               total - start, " follow");
    std::string text(static_cast<size_t>(header_len), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(header_len)))
        raise<InvalidArgument>(source, ": truncated .npy header: read failed");
    const Header h = HeaderParser(text, source).parse();
    const element::Type type = type_of(h.descr, source);
    if (h.fortran_order)
        raise<InvalidArgument>(source, ": Fortran-order (column-major) arrays are not supported; save a C-order "
                                       "array (np.ascontiguousarray)");
    size_t count = 1;
    for (size_t d : h.shape) {
        if (d != 0 && count > std::numeric_limits<size_t>::max() / d)
            raise<InvalidArgument>(source, ": shape ", h.shape, " has more elements than fit in 64 bits");
        count *= d;
    }
    if (count > std::numeric_limits<size_t>::max() / type.size())
        raise<InvalidArgument>(source, ": shape ", h.shape, " of ", h.descr, " needs more bytes than fit in 64 bits");
    const uint64_t bytes = count * type.size();
    const uint64_t avail = total - start - header_len;
    if (avail < bytes)
        raise<InvalidArgument>(source, ": data is truncated: shape ", h.shape, " of ", h.descr, " needs ", bytes,
                               " bytes, the file holds ", avail);
    if (avail > bytes)
        raise<InvalidArgument>(source, ": ", avail - bytes, " unexpected bytes after the data of shape ", h.shape,
                               " (", h.descr, ")");
    Tensor t(type, h.shape);
    if (bytes != 0 && !in.read(static_cast<char*>(t.data()), static_cast<std::streamsize>(bytes)))
        raise<InvalidArgument>(source, ": reading the data failed");
    if (type == element::boolean) {
        auto* b = static_cast<unsigned char*>(t.data());
        for (size_t i = 0; i < count; ++i)
            b[i] = b[i] != 0;
    }
    return t;
}

std::string header_text(const Tensor& t) {
    std::ostringstream os;
    os << "{'descr': '" << descr(t.get_element_type()) << "', 'fortran_order': False, 'shape': (";
    const Shape& s = t.get_shape();
    for (size_t i = 0; i < s.size(); ++i)
        os << (i ? ", " : "") << s[i];
    os << (s.size() == 1 ? ",), }" : "), }");
    return os.str();
}

}  // namespace

std::string descr(element::Type type) {
    for (const DtypeRow& row : kDtypes)
        if (row.type == type)
            return std::string(row.bytes == 1 ? "|" : "<") + row.kind + std::to_string(row.bytes);
    raise<InvalidArgument>("element type ", type, " has no .npy dtype");
}

Tensor parse(const std::string& bytes, const std::string& source) {
    std::istringstream in(bytes);
    return read_stream(in, bytes.size(), source);
}

Tensor read(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        raise<InvalidArgument>(path, ": no such .npy file");
    std::string bytes;
    try {
        bytes = detail::read_regular_file(path, detail::kMaxBlobFileBytes, ".npy file");
    } catch (const Exception& e) {
        raise<InvalidArgument>(e.what());
    }
    std::istringstream in(std::move(bytes));
    return read_stream(in, static_cast<uint64_t>(in.str().size()), path);
}

std::string serialize(const Tensor& tensor) {
    Tensor dense = tensor;
    if (!tensor.is_continuous()) {
        dense = Tensor(tensor.get_element_type(), tensor.get_shape());
        tensor.copy_to(dense);
    }
    std::string header = header_text(dense);
    auto padded = [&](size_t prefix) {  // header length with the '\n' and the alignment padding
        return header.size() + 1 + (kAlign - (prefix + header.size() + 1) % kAlign) % kAlign;
    };
    const bool v2 = padded(kMagicSize + 4) > 65535;  // the 1.0 length field is 16 bits
    const size_t len_bytes = v2 ? 4 : 2;
    header.append(padded(kMagicSize + 2 + len_bytes) - header.size() - 1, ' ');
    header += '\n';
    std::string out(kMagic, kMagicSize);
    out += static_cast<char>(v2 ? 2 : 1);
    out += '\0';
    for (size_t i = 0; i < len_bytes; ++i)
        out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
    out += header;
    const size_t bytes = dense.get_byte_size();
    const size_t data_at = out.size();
    out.resize(data_at + bytes);
    if (bytes)
        std::memcpy(&out[data_at], dense.data(), bytes);
    if (dense.get_element_type() == element::boolean)
        for (size_t i = data_at; i < out.size(); ++i)
            out[i] = out[i] != 0;
    return out;
}

void write(const std::string& path, const Tensor& tensor) {
    const std::string bytes = serialize(tensor);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        raise<InvalidArgument>(path, ": cannot open for writing");
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out)
        raise<InvalidArgument>(path, ": writing the .npy file failed");
}

}  // namespace npy
}  // namespace ovcl
