// ovcl::Layout: the text forms, axis lookup (from the front, or from the back after "..."), and the
// permutations pre/post-processing computes between layouts.
#include <gtest/gtest.h>

#include "ovcl/except.hpp"
#include "ovcl/layout.hpp"

using namespace ovcl;

TEST(Layout, PlainAndBracketFormsAreTheSame) {
    const Layout a("NCHW"), b("[N,C,H,W]"), c("nchw"), d(" [n, c, h, w] ");
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, c);
    EXPECT_EQ(a, d);
    EXPECT_EQ(b.to_string(), "NCHW");
    EXPECT_EQ(Layout("[batch,seq,?]").to_string(), "[BATCH,SEQ,?]");
    EXPECT_TRUE(Layout().empty());
    EXPECT_TRUE(Layout("").empty());
    EXPECT_FALSE(Layout("?").empty());
    EXPECT_EQ(Layout("?").size(), 1u);
}

TEST(Layout, AxisIndices) {
    const Layout l("NHWC");
    EXPECT_EQ(l.get_index_by_name("C"), 3);
    EXPECT_EQ(l.get_index_by_name("h"), 1);
    EXPECT_TRUE(layout::has_channels(l));
    EXPECT_TRUE(layout::has_batch(l));
    EXPECT_FALSE(Layout("NC").has_name("H"));
    EXPECT_THROW(l.get_index_by_name("D"), NotFound);
    EXPECT_FALSE(Layout("N?C").has_name("?"));
}

TEST(Layout, EllipsisCountsFromTheBack) {
    const Layout l("N...C");
    EXPECT_TRUE(l.has_ellipsis());
    EXPECT_EQ(l.get_index_by_name("C"), -1);
    EXPECT_EQ(l.index_for_rank("C", 5), 4u);
    EXPECT_EQ(l.index_for_rank("N", 5), 0u);
    EXPECT_TRUE(l.fits_rank(2));
    EXPECT_FALSE(l.fits_rank(1));
    EXPECT_EQ(Layout("[N,...,C]"), l);
    EXPECT_EQ(l.names_for_rank(4), (std::vector<std::string>{"N", "?", "?", "C"}));
    EXPECT_FALSE(Layout("NCHW").fits_rank(3));
    EXPECT_THROW(Layout("NCHW").index_for_rank("C", 3), InvalidArgument);
}

TEST(Layout, Permutations) {
    EXPECT_EQ(layout::find_permutation("NHWC", "NCHW", 4), (std::vector<int64_t>{0, 3, 1, 2}));
    EXPECT_EQ(layout::find_permutation("NCHW", "NHWC", 4), (std::vector<int64_t>{0, 2, 3, 1}));
    EXPECT_EQ(layout::find_permutation("N...C", "NC...", 4), (std::vector<int64_t>{0, 3, 1, 2}));
    EXPECT_EQ(layout::apply_permutation("NHWC", {0, 3, 1, 2}), Layout("NCHW"));
    EXPECT_THROW(layout::find_permutation("NHWC", "NCDW", 4), InvalidArgument);
    EXPECT_THROW(layout::find_permutation("NCHW", "NCHW", 3), InvalidArgument);
}

TEST(Layout, MalformedTextNamesTheText) {
    for (const char* bad : {"N-C", "[N,C", "NN", "[N,,C]", "......", "[N,C]]"}) {
        try {
            Layout l(bad);
            ADD_FAILURE() << bad << " was accepted as " << l;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
        }
    }
}
