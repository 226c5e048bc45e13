// Reading files that come from users: every file the runtime, its plugins or the CLI read is
// checked to be a regular file of bounded size before a byte of it is read, so a FIFO, a device
// (/dev/zero) or a directory is refused at once instead of blocking or growing without end.
#pragma once

#include <cstdint>
#include <string>

namespace ovcl {
namespace detail {

/// Upper bounds on what is read whole into memory (docs/hardening.md says why each).
inline constexpr uint64_t kMaxModelXmlBytes = uint64_t(1) << 30;    ///< an IR's .xml
inline constexpr uint64_t kMaxTextFileBytes = uint64_t(64) << 20;   ///< configs, kernel sources, JSON
inline constexpr uint64_t kMaxBlobFileBytes = uint64_t(64) << 30;   ///< cache entries, exported models
inline constexpr uint64_t kMaxProgramBinaryBytes = uint64_t(1) << 30;  ///< one OpenCL program binary

/// An open file descriptor, closed on destruction.
class FileHandle {
public:
    FileHandle() = default;
    explicit FileHandle(int fd) : m_fd(fd) {}
    ~FileHandle();
    FileHandle(FileHandle&& o) noexcept : m_fd(o.m_fd), m_size(o.m_size) { o.m_fd = -1; }
    FileHandle& operator=(FileHandle&& o) noexcept;
    FileHandle(const FileHandle&) = delete;
    FileHandle& operator=(const FileHandle&) = delete;
    int fd() const { return m_fd; }
    uint64_t size() const { return m_size; }  ///< the size when it was opened

private:
    friend FileHandle open_regular_file(const std::string&, uint64_t, const std::string&);
    int m_fd = -1;
    uint64_t m_size = 0;
};

/// Opens `path` for reading and checks that it is a regular file of at most `max_bytes`. The open
/// never blocks (a FIFO does not wait for a writer). Errors name the file and `what` it was meant
/// to be ("model file", "kernel source"): NotFound when it cannot be opened, InvalidArgument when
/// it is not a regular file or is too large.
FileHandle open_regular_file(const std::string& path, uint64_t max_bytes, const std::string& what);

/// Reads exactly `n` bytes of the open file into `buf`, retrying interrupted reads; a read error or
/// an early end of file (the file shrank since it was opened) is an InvalidArgument naming the file.
void read_exactly(const FileHandle& f, char* buf, size_t n, const std::string& path, const std::string& what);

/// The whole content of a regular file of at most `max_bytes` (open_regular_file's checks); a
/// file that grows while it is read is refused rather than followed.
std::string read_regular_file(const std::string& path, uint64_t max_bytes, const std::string& what);

/// Like read_regular_file, but nullopt-like: returns false (and leaves `out` empty) where the file
/// does not exist or cannot be opened; other problems still throw.
bool read_regular_file_if_exists(const std::string& path, uint64_t max_bytes, const std::string& what,
                                 std::string& out);

/// A regular file of at most `max_bytes` (open_regular_file's checks) mapped read-only and private, unmapped on
/// destruction. Views of it stay valid while it lives; the files mapped are replaced by rename, never rewritten in
/// place (as OpenVINO maps its weights and cache blobs).
class MappedFile {
public:
    MappedFile(const std::string& path, uint64_t max_bytes, const std::string& what);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    const char* data() const { return m_data; }
    size_t size() const { return m_size; }

private:
    char* m_data = nullptr;
    size_t m_size = 0;
};

}  // namespace detail
}  // namespace ovcl
