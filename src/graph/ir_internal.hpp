// Internals shared by the IR reader and writer: the weights source (a mapped .bin or a
// user tensor), name translations, precision names, tensor-name escaping and rt_info.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <pugixml.hpp>

#include "ovcl/any.hpp"
#include "ovcl/element_type.hpp"
#include "ovcl/node.hpp"
#include "ovcl/shape.hpp"
#include "ovcl/tensor.hpp"

namespace ovcl {
namespace ir {
namespace detail {

/// Where Constant bytes come from: a .bin file mapped on first use, or a user tensor.
/// Errors are plain Exceptions; the reader adds the file and layer.
class WeightsSource {
public:
    static WeightsSource from_file(std::string path);
    static WeightsSource from_tensor(const Tensor& weights);

    /// A tensor of (type, shape) over bytes [offset, offset + size) that keeps the source
    /// alive; a copy when the address is misaligned for the type. The caller has checked
    /// that size equals the byte size of (type, shape).
    Tensor view(element::Type type, const Shape& shape, uint64_t offset, uint64_t size);

private:
    void open();
    std::string m_path;  ///< empty: memory or no weights
    bool m_opened = false;
    std::shared_ptr<void> m_keep;  ///< the mapping or the user's tensor
    const char* m_base = nullptr;
    uint64_t m_size = 0;
};

/// The value of a Constant node from its attributes (element_type, shape, offset, size) and
/// the weights; throws Exception with a message the reader prefixes with the layer. A u1
/// constant (1 bit per element, packed) is returned unpacked as a boolean tensor (see unpack_u1).
Tensor load_constant(const Node& node, WeightsSource& weights);

/// u1 bit order: element i is bit i % 8 (least significant first) of byte i / 8, as OpenVINO CPU's
/// BinaryConvolution and the Model Optimizer's weight packer have it (OpenVINO's core Constant packs
/// most significant first, but nothing that reads an IR's u1 weights does). unpack_u1: `count` 0/1
/// booleans of `shape` from ceil(count / 8) bytes; pack_u1: the bytes (u8) of a boolean tensor.
Tensor unpack_u1(const Tensor& packed, const Shape& shape);
Tensor pack_u1(const Tensor& booleans);
/// Whether a Constant's element_type attribute text names u1.
bool is_u1_text(std::string element_type);

/// IR type names to registry names (legacy "Const", "ReLU", ...) and back as OpenVINO writes them.
std::string op_type_from_ir(const std::string& ir_type);
std::string op_type_to_ir(const std::string& type);

/// Port precision as OpenVINO writes it: "FP32", "I64", "BOOL", ... ("UNSPECIFIED" when dynamic). The reader
/// ignores it, as OpenVINO's does.
std::string precision_name(element::Type type);

/// The names attribute of a port: comma-separated, "\," is a comma inside a name.
std::set<std::string> split_tensor_names(const std::string& text);
std::string join_tensor_names(const std::set<std::string>& names);

/// Node rt_info key holding the rt_info of input/output port i.
std::string port_rt_key(bool input, size_t index);
/// Parses a key made by port_rt_key.
bool parse_port_rt_key(const std::string& key, bool& input, size_t& index);

/// <rt_info> of a layer or port: <attribute name="n" version="0" value="v"/> -> rt[n] = AnyMap{version, value}.
void read_attribute_rt_info(const pugi::xml_node& rt_info, AnyMap& out);
/// Writes entries as <attribute .../> children of `parent`'s new <rt_info> (nothing when empty).
void write_attribute_rt_info(pugi::xml_node parent, const AnyMap& entries);
/// Model-level <rt_info>: nested elements, <key value="v"/> -> string, children -> AnyMap.
AnyMap read_model_rt_info(const pugi::xml_node& rt_info);
void write_model_rt_info(pugi::xml_node rt_info, const AnyMap& entries);

/// The default .bin next to an .xml: the same path with the extension replaced.
std::string bin_path_for(const std::string& xml_path);

/// A port's <dim>: "4", "-1" or "?" (dynamic), "2..8", "2..", "..8". Returns "" or what is wrong.
std::string parse_dim(const std::string& text, Dimension& out);

/// Strict decimal parsing (surrounding spaces allowed); nullopt on any junk or overflow.
std::optional<uint64_t> parse_u64(const std::string& text);
std::optional<int64_t> parse_i64(const std::string& text);

}  // namespace detail
}  // namespace ir
}  // namespace ovcl
