// The files of a folder under tests/data/ and their bytes, for tests that replay a corpus.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ovcl {
namespace test {

/// The regular files of tests/data/<dir>, sorted; none when the folder does not exist.
inline std::vector<std::filesystem::path> data_files(const std::string& dir) {
    std::vector<std::filesystem::path> out;
    const std::filesystem::path p = std::filesystem::path(OVCL_TEST_DATA_DIR) / dir;
    if (std::filesystem::is_directory(p))
        for (const auto& e : std::filesystem::directory_iterator(p))
            if (e.is_regular_file())
                out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

inline std::string file_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace test
}  // namespace ovcl
