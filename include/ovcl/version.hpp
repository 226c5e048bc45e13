#pragma once

#include <map>
#include <ostream>
#include <string>

namespace ovcl {

/// OpenVINO's ov::Version, with ovcl's member names (OpenVINO's buildNumber is build_number).
struct Version {
    std::string build_number;
    std::string description;
};

/// The runtime library's own version.
const Version& get_version();
/// OpenVINO's spelling of get_version(), so that ported code compiles.
inline const Version& get_openvino_version() { return get_version(); }

/// As OpenVINO prints a version: the description, then the build.
inline std::ostream& operator<<(std::ostream& os, const Version& version) {
    return os << version.description << "\n    Build   : " << version.build_number << "\n";
}
/// Core::get_versions' answer: each device name, then its plugin's version.
inline std::ostream& operator<<(std::ostream& os, const std::map<std::string, Version>& versions) {
    for (const auto& [device, version] : versions)
        os << device << "\n" << version;
    return os;
}

}  // namespace ovcl
