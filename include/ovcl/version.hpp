#pragma once

#include <string>

namespace ovcl {

struct Version {
    std::string build_number;
    std::string description;
};

/// The runtime library's own version.
const Version& get_version();

}  // namespace ovcl
