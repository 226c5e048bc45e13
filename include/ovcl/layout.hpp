// ovcl::Layout: what each axis of a tensor means, as OpenVINO's ov::Layout; pre/post-processing reads it to find the
// C, H and W axes and the transposes between an application's tensor and the model. Forms: "NCHW" (one letter per
// axis, '?' unnamed), "[N,C,H,W]" (names of any length, "[batch,seq,?]"), "N...C" / "...C" / "[N,...,C]" ("..."
// any number of axes: the rank is open), "?" one unnamed axis, "..." any rank, "" no layout (empty()). Names are
// case-insensitive (stored upper case) and may appear once. docs/preprocess.md, "Layout".
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ovcl {

class Layout {
public:
    Layout() = default;  ///< no layout: empty()
    /// Parses `text`; throws InvalidArgument naming the text and the reason when it is malformed.
    Layout(const std::string& text);  // NOLINT: implicit like ov::Layout
    Layout(const char* text) : Layout(std::string(text)) {}  // NOLINT

    bool empty() const { return !m_set; }
    /// Whether "..." stands for axes of unknown number (the rank is then not fixed).
    bool has_ellipsis() const { return m_ellipsis; }
    /// The rank the layout fixes: axes before and after "..." when there is one.
    size_t size() const { return m_front.size() + m_back.size(); }
    bool has_name(const std::string& name) const;
    /// The index of axis `name`: from the front (>= 0), or from the back (< 0: -1 is the last axis)
    /// for an axis after "...". Throws NotFound naming the layout.
    int64_t get_index_by_name(const std::string& name) const;
    /// The same, resolved against a tensor of rank `rank`; throws InvalidArgument when the layout
    /// cannot describe that rank.
    size_t index_for_rank(const std::string& name, size_t rank) const;
    /// Whether the layout can describe a tensor of rank `rank`.
    bool fits_rank(size_t rank) const;
    /// The axis names (unnamed axes as "?") for a tensor of rank `rank`.
    std::vector<std::string> names_for_rank(size_t rank) const;

    /// Canonical text: "NCHW" when every name is one character, else "[N,C,H,W]"; "" when empty.
    std::string to_string() const;
    bool operator==(const Layout& o) const;
    bool operator!=(const Layout& o) const { return !(*this == o); }

private:
    std::vector<std::string> m_front;  ///< names before "..." (all of them when there is none)
    std::vector<std::string> m_back;   ///< names after "..."
    bool m_ellipsis = false;
    bool m_set = false;
};

std::ostream& operator<<(std::ostream& os, const Layout& l);

namespace layout {
/// Whether the layout names the axis (N batch, C channels, H height, W width, D depth).
bool has_batch(const Layout& l);
bool has_channels(const Layout& l);
bool has_height(const Layout& l);
bool has_width(const Layout& l);
/// The permutation p with dst axis i = src axis p[i] (a Transpose's order) for a tensor of rank
/// `rank`; both layouts must name the same axes (unnamed ones only where the other has the same
/// position). Throws InvalidArgument naming both layouts otherwise.
std::vector<int64_t> find_permutation(const Layout& src, const Layout& dst, size_t rank);
/// `l` with its axes reordered by `order` (axis i of the result is axis order[i] of `l`).
Layout apply_permutation(const Layout& l, const std::vector<int64_t>& order);
}  // namespace layout

}  // namespace ovcl
