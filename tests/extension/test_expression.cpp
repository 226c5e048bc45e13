// The expression language of work sizes, output shapes and scalar arguments (docs/extensions.md).
#include <gtest/gtest.h>

#include "extension/expression.hpp"
#include "ovcl/except.hpp"

namespace ovcl {
namespace ext {
namespace {

// in0 = [2, 3, 5], in1 = [7, ?], out0 = [30]; attribute k = 4.
std::optional<int64_t> lookup(const Ref& r) {
    if (r.kind == Ref::Kind::ATTRIBUTE) {
        if (r.name == "k")
            return 4;
        raise<Exception>("no attribute ", r.name);
    }
    const std::vector<std::vector<int64_t>> in = {{2, 3, 5}, {7, -1}}, out = {{30}};
    const auto& dims = (r.kind == Ref::Kind::INPUT ? in : out).at(r.port);
    switch (r.field) {
    case Ref::Field::RANK: return static_cast<int64_t>(dims.size());
    case Ref::Field::SIZE: {
        int64_t n = 1;
        for (auto d : dims) {
            if (d < 0)
                return std::nullopt;
            n *= d;
        }
        return n;
    }
    case Ref::Field::DIM:
        if (dims.at(r.dim) < 0)
            return std::nullopt;
        return dims.at(r.dim);
    }
    return std::nullopt;
}

std::optional<int64_t> eval(const std::string& text) { return Expression::parse(text).evaluate(lookup); }

TEST(ExtensionExpression, ArithmeticFollowsCPrecedence) {
    EXPECT_EQ(eval("1 + 2 * 3"), 7);
    EXPECT_EQ(eval("(1 + 2) * 3"), 9);
    EXPECT_EQ(eval("10 - 4 - 3"), 3);  // left to right
    EXPECT_EQ(eval("17 / 5 * 5 + 17 % 5"), 17);
    EXPECT_EQ(eval("-3 + --5"), 2);
    EXPECT_EQ(eval("-7 / 2"), -3);  // truncation, as C
}

TEST(ExtensionExpression, ShapesAttributesAndFunctions) {
    EXPECT_EQ(eval("in0.d0 * in0.d2"), 10);
    EXPECT_EQ(eval("in0.size"), 30);
    EXPECT_EQ(eval("in0.rank + in1.rank"), 5);
    EXPECT_EQ(eval("out0.d0 / k"), 7);
    EXPECT_EQ(eval("round_up(out0.size, 16)"), 32);
    EXPECT_EQ(eval("ceil_div(in0.size, 4)"), 8);
    EXPECT_EQ(eval("min(in0.d1, k) + max(in0.d1, k)"), 7);
    EXPECT_EQ(eval("round_up(min(in0.d2, 9), max(2, 3))"), 6);
}

TEST(ExtensionExpression, UnknownDimensionsGiveAnUnknownValue) {
    EXPECT_EQ(eval("in1.d0"), 7);
    EXPECT_FALSE(eval("in1.d1 * 2").has_value());
    EXPECT_FALSE(eval("in1.size").has_value());
}

TEST(ExtensionExpression, RefsAreListed) {
    const auto e = Expression::parse("in1.d0 + out0.size * k");
    ASSERT_EQ(e.refs().size(), 3u);
    EXPECT_EQ(e.refs()[0].text(), "in1.d0");
    EXPECT_EQ(e.refs()[1].text(), "out0.size");
    EXPECT_EQ(e.refs()[2].text(), "k");
}

TEST(ExtensionExpression, ListsSplitOutsideParentheses) {
    const auto list = parse_expression_list("in0.d0, min(in0.d1, 2), 4");
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[1].evaluate(lookup), 2);
    EXPECT_TRUE(parse_expression_list("  ").empty());
}

void expect_syntax_error(const std::string& text, const std::string& what, int column) {
    try {
        Expression::parse(text);
        ADD_FAILURE() << "parsed '" << text << "'";
    } catch (const Exception& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("bad expression '" + text + "'"), std::string::npos) << msg;
        EXPECT_NE(msg.find(what), std::string::npos) << msg;
        EXPECT_NE(msg.find("at column " + std::to_string(column)), std::string::npos) << msg;
    }
}

TEST(ExtensionExpression, SyntaxErrorsSayWhatAndWhere) {
    expect_syntax_error("", "it is empty", 1);
    expect_syntax_error("1 +", "the text ends", 4);
    expect_syntax_error("(1 + 2", "expected ')'", 7);
    expect_syntax_error("1 2", "unexpected '2'", 3);
    expect_syntax_error("in0.d", "expected d<j>, size or rank", 5);
    expect_syntax_error("in.d0", "is not a port", 1);
    expect_syntax_error("x.size", "is not a port", 1);
    expect_syntax_error("pow(2, 3)", "unknown function 'pow'", 1);
    expect_syntax_error("min(2)", "expected ','", 6);
    expect_syntax_error("2 $ 3", "unexpected '$'", 3);
    expect_syntax_error("99999999999999999999", "too large", 1);
}

TEST(ExtensionExpression, EvaluationErrorsNameTheExpression) {
    try {
        eval("in0.size / (in0.d0 - 2)");
        FAIL() << "no exception";
    } catch (const Exception& e) {
        EXPECT_NE(std::string(e.what()).find("expression 'in0.size / (in0.d0 - 2)': division by zero"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(eval("ceil_div(4, 0)"), Exception);
    EXPECT_THROW(eval("missing + 1"), Exception);
}

}  // namespace
}  // namespace ext
}  // namespace ovcl
