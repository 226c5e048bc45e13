#include "runtime/file_read.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ovcl/except.hpp"

namespace ovcl {
namespace detail {

namespace {

const char* kind_of(mode_t mode) {
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

}  // namespace

FileHandle::~FileHandle() {
    if (m_fd >= 0)
        ::close(m_fd);
}

FileHandle& FileHandle::operator=(FileHandle&& o) noexcept {
    if (this != &o) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = o.m_fd;
        m_size = o.m_size;
        o.m_fd = -1;
    }
    return *this;
}

FileHandle open_regular_file(const std::string& path, uint64_t max_bytes, const std::string& what) {
    if (path.empty())
        raise<InvalidArgument>("the ", what, " path is empty");
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    FileHandle f(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (f.m_fd < 0) {
        const int err = errno;
        raise<NotFound>(path, ": cannot open the ", what, ": ", std::strerror(err));
    }
    struct stat st {};
    if (::fstat(f.m_fd, &st) != 0) {
        const int err = errno;
        raise<InvalidArgument>(path, ": cannot stat the ", what, ": ", std::strerror(err));
    }
    if (!S_ISREG(st.st_mode))
        raise<InvalidArgument>(path, ": is ", kind_of(st.st_mode), ", not a regular file (the ", what, ")");
    if (st.st_size < 0 || static_cast<uint64_t>(st.st_size) > max_bytes)
        raise<InvalidArgument>(path, ": the ", what, " is ", st.st_size, " bytes, more than the limit of ", max_bytes);
    // Regular files never block; back to ordinary reads.
    const int flags = ::fcntl(f.m_fd, F_GETFL);
    if (flags >= 0)
        (void)::fcntl(f.m_fd, F_SETFL, flags & ~O_NONBLOCK);
    f.m_size = static_cast<uint64_t>(st.st_size);
    return f;
}

void read_exactly(const FileHandle& f, char* buf, size_t n, const std::string& path, const std::string& what) {
    size_t done = 0;
    while (done < n) {
        const ssize_t got = ::read(f.fd(), buf + done, n - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            const int err = errno;
            raise<InvalidArgument>(path, ": cannot read the ", what, ": ", std::strerror(err));
        }
        if (got == 0)
            raise<InvalidArgument>(path, ": the ", what, " shrank while it was read (", done, " of ", n, " bytes)");
        done += static_cast<size_t>(got);
    }
}

namespace {

std::string read_all(const FileHandle& f, const std::string& path, uint64_t max_bytes, const std::string& what) {
    std::string out(static_cast<size_t>(f.size()), '\0');
    read_exactly(f, out.data(), out.size(), path, what);
    char extra;
    ssize_t n;
    while ((n = ::read(f.fd(), &extra, 1)) < 0 && errno == EINTR) {
    }
    if (n > 0)
        raise<InvalidArgument>(path, ": the ", what, " grew while it was read (limit ", max_bytes, " bytes)");
    return out;
}

}  // namespace

std::string read_regular_file(const std::string& path, uint64_t max_bytes, const std::string& what) {
    const FileHandle f = open_regular_file(path, max_bytes, what);
    return read_all(f, path, max_bytes, what);
}

bool read_regular_file_if_exists(const std::string& path, uint64_t max_bytes, const std::string& what,
                                 std::string& out) {
    out.clear();
    FileHandle f;
    try {
        f = open_regular_file(path, max_bytes, what);
    } catch (const NotFound&) {
        return false;
    }
    out = read_all(f, path, max_bytes, what);
    return true;
}

MappedFile::MappedFile(const std::string& path, uint64_t max_bytes, const std::string& what) {
    const FileHandle f = open_regular_file(path, max_bytes, what);
    m_size = static_cast<size_t>(f.size());
    if (m_size == 0)
        return;
    // Private and read-only: the file is never written, and a stray write faults loudly.
    void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, f.fd(), 0);
    const int err = errno;
    if (p == MAP_FAILED)
        raise<Exception>("cannot map ", what, " '", path, "': ", std::strerror(err));
    m_data = static_cast<char*>(p);
}

MappedFile::~MappedFile() {
    if (m_data)
        ::munmap(m_data, m_size);
}

}  // namespace detail
}  // namespace ovcl
