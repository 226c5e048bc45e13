#include "tools/benchmark_inputs.hpp"

#include <algorithm>
#include <sstream>

#include "ovcl/except.hpp"
#include "tools/npy.hpp"
#include "tools/random_input.hpp"

namespace ovcl {
namespace cli {
namespace {

std::string describe(element::Type type, const PartialShape& shape) {
    std::ostringstream os;
    os << type << ", " << shape;
    return os.str();
}

/// The port called `name` (tensor name or node name); NotFound listing the inputs otherwise.
Output<Node> find_port(const OutputVector& ports, const std::string& name, const char* flag) {
    std::string known;
    for (const Output<Node>& p : ports) {
        if (p.get_names().count(name) || p.node->get_friendly_name() == name)
            return p;
        known += (known.empty() ? "" : ", ") + input_name(p);
    }
    raise<NotFound>(flag, ": the model has no input '", name, "' (its inputs: ", known, ")");
}

/// -i values -> files per input name ("" for the only input when no name is given).
std::map<std::string, std::vector<std::string>> parse_input_files(const std::vector<std::string>& args,
                                                                  const OutputVector& ports) {
    std::map<std::string, std::vector<std::string>> files;
    for (const std::string& arg : args) {
        std::string name;  // a file without "name:" continues the previous name of this argument
        std::stringstream ss(arg);
        std::string item;
        while (std::getline(ss, item, ',')) {
            const size_t colon = item.find_first_of(":=");  // benchmark_app's name:file, or `ovcl run`'s name=file
            if (colon != std::string::npos) {
                name = item.substr(0, colon);
                item = item.substr(colon + 1);
                find_port(ports, name, "-i");
            } else if (name.empty()) {
                if (ports.size() != 1)
                    raise<InvalidArgument>("-i '", arg, "': give name:file.npy (the model has ", ports.size(),
                                           " inputs)");
                name = input_name(ports[0]);
            }
            if (item.empty())
                raise<InvalidArgument>("-i '", arg, "': an empty file name");
            files[name].push_back(item);
        }
    }
    return files;
}

std::vector<PartialShape> shapes_for(const std::map<std::string, std::vector<PartialShape>>& all, const Output<Node>& port) {
    for (const auto& [name, shapes] : all)
        if (!name.empty() && (port.get_names().count(name) || port.node->get_friendly_name() == name))
            return shapes;
    const auto it = all.find("");
    return it == all.end() ? std::vector<PartialShape>{} : it->second;
}

}  // namespace

std::map<std::string, std::vector<PartialShape>> parse_shape_list(const std::string& text, const char* flag) {
    std::map<std::string, std::vector<PartialShape>> out;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t open = text.find('[', pos);
        if (open == std::string::npos)
            raise<InvalidArgument>(flag, " '", text, "': expected name[dims] at '", text.substr(pos), "'");
        const std::string name = text.substr(pos, open - pos);
        if (out.count(name))
            raise<InvalidArgument>(flag, " '", text, "': input '", name, "' is given twice");
        auto& shapes = out[name];
        pos = open;
        while (pos < text.size() && text[pos] == '[') {
            const size_t close = text.find(']', pos);
            if (close == std::string::npos)
                raise<InvalidArgument>(flag, " '", text, "': a '[' without ']'");
            try {
                shapes.emplace_back(text.substr(pos, close - pos + 1));
            } catch (const Exception& e) {
                raise<InvalidArgument>(flag, " '", text, "': ", e.what());
            }
            pos = close + 1;
        }
        if (pos < text.size()) {
            if (text[pos] != ',')
                raise<InvalidArgument>(flag, " '", text, "': expected ',' or '[' at '", text.substr(pos), "'");
            ++pos;
            if (pos == text.size())
                raise<InvalidArgument>(flag, " '", text, "': ends with ','");
        }
    }
    return out;
}

std::string input_name(const Output<Node>& port) {
    return port.get_names().empty() ? port.node->get_friendly_name() : *port.get_names().begin();
}

bool reshape_model(Model& model, const std::string& shape_arg, uint32_t batch) {
    if (shape_arg.empty() && batch == 0)
        return false;
    const OutputVector ports = model.inputs();
    const auto given = parse_shape_list(shape_arg, "-shape");
    for (const auto& [name, shapes] : given) {
        if (!name.empty())
            find_port(ports, name, "-shape");
        if (shapes.size() != 1)
            raise<InvalidArgument>("-shape: input '", name.empty() ? std::string("(all)") : name, "' has ",
                                   shapes.size(), " shapes; the model takes one (give several with -data_shape)");
    }
    std::map<std::string, PartialShape> target;
    for (const Output<Node>& port : ports) {
        const std::vector<PartialShape> s = shapes_for(given, port);
        PartialShape shape = s.empty() ? port.get_partial_shape() : s[0];
        if (batch) {
            if (shape.rank_is_dynamic() || shape.size() == 0)
                raise<InvalidArgument>("-b ", batch, ": input '", input_name(port), "' has the shape ", shape,
                                       ", without a batch dimension");
            shape[0] = Dimension(static_cast<Dimension::value_type>(batch));
        }
        target[input_name(port)] = shape;
    }
    try {
        model.reshape(target);
    } catch (const Exception& e) {
        raise<InvalidArgument>("reshaping the model for -shape/-b failed: ", e.what());
    }
    return true;
}

uint32_t batch_size(const OutputVector& inputs, uint32_t batch) {
    if (batch)
        return batch;
    for (const Output<Node>& p : inputs) {
        const PartialShape& s = p.get_partial_shape();
        if (s.rank_is_static() && s.size() > 0 && s[0].is_static())
            return static_cast<uint32_t>(std::max<int64_t>(1, s[0].get_length()));
    }
    return 1;
}

PreparedInputs prepare_inputs(const OutputVector& inputs, const std::vector<std::string>& input_args,
                              const std::string& data_shape_arg, uint32_t seed, size_t requests) {
    const auto files = parse_input_files(input_args, inputs);
    const auto data_shapes = parse_shape_list(data_shape_arg, "-data_shape");
    for (const auto& [name, shapes] : data_shapes)
        if (!name.empty())
            find_port(inputs, name, "-data_shape");

    PreparedInputs out;
    out.per_request.resize(requests);
    std::mt19937 rng(seed);
    std::vector<std::pair<std::string, std::vector<Shape>>> shapes_per_input;
    for (const Output<Node>& port : inputs) {
        const std::string name = input_name(port);
        const PartialShape& model_shape = port.get_partial_shape();
        const element::Type type = port.get_element_type();
        std::string line =
            name + " (" + describe(type, model_shape) + (model_shape.is_static() ? ", static): " : ", dynamic): ");

        std::vector<std::string> port_files;
        for (const auto& [key, list] : files)
            if (port.get_names().count(key) || port.node->get_friendly_name() == key)
                port_files.insert(port_files.end(), list.begin(), list.end());
        const std::vector<PartialShape> shapes = shapes_for(data_shapes, port);

        if (!port_files.empty()) {
            if (!shapes.empty())
                raise<InvalidArgument>("input '", name, "': -data_shape and -i both set its shape; give one");
            std::vector<Tensor> tensors;  // read once; requests share them read-only
            for (const std::string& file : port_files) {
                Tensor t = npy::read(file);
                if (t.get_element_type() != type || !model_shape.contains(t.get_shape()))
                    raise<InvalidArgument>("input '", name, "' expects ", describe(type, model_shape), " but ", file,
                                           " holds ", describe(t.get_element_type(), t.get_shape()));
                tensors.push_back(t);
                line += (tensors.size() > 1 ? ", " : "") + file;
            }
            for (size_t r = 0; r < requests; ++r)
                out.per_request[r].emplace_back(port, tensors[r % tensors.size()]);
            shapes_per_input.emplace_back(name, std::vector<Shape>{});
            for (const Tensor& t : tensors)
                shapes_per_input.back().second.push_back(t.get_shape());
        } else {
            std::vector<Shape> concrete;
            if (shapes.empty()) {
                if (model_shape.is_dynamic())
                    raise<InvalidArgument>("input '", name, "' has the dynamic shape ", model_shape,
                                           ": give its tensor shape with -data_shape ", name,
                                           "[...] or its data with -i");
                concrete.push_back(model_shape.to_shape());
            }
            for (const PartialShape& s : shapes) {
                if (s.is_dynamic() || !model_shape.contains(s.to_shape()))
                    raise<InvalidArgument>("-data_shape ", s, " for input '", name, "': ",
                                           s.is_dynamic()
                                               ? "not a static shape"
                                               : "does not fit the model's shape " + model_shape.to_string());
                concrete.push_back(s.to_shape());
            }
            for (size_t r = 0; r < requests; ++r)
                out.per_request[r].emplace_back(port, random_input(type, concrete[r % concrete.size()], rng, name));
            line += "random (seed " + std::to_string(seed) + ")";
            shapes_per_input.emplace_back(name, concrete);
            if (shapes.size() > 0) {
                line += ", tensor shapes";
                for (const Shape& s : concrete)
                    line += " " + s.to_string();
            }
        }
        out.descriptions.push_back(line);
        out.random.push_back(port_files.empty());
    }
    size_t groups = 1;
    for (const auto& [name, shapes] : shapes_per_input)
        groups = std::max(groups, shapes.size());
    for (size_t g = 0; g < groups; ++g) {
        std::string text;
        for (const auto& [name, shapes] : shapes_per_input)
            text += " " + name + ": " + shapes[g % shapes.size()].to_string();
        out.groups.push_back(text);
    }
    return out;
}

}  // namespace cli
}  // namespace ovcl
