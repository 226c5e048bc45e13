// Integer expressions over a node's shapes and attributes, as extensions write work sizes,
// output shapes and scalar arguments (docs/extensions.md, "Expressions"):
//   integers, + - * / % (C semantics on int64), unary -, parentheses,
//   in<k>.d<j>, in<k>.size, in<k>.rank, out<k>.d<j>, out<k>.size, out<k>.rank,
//   the name of an INT attribute, and min(a,b) max(a,b) ceil_div(a,b) round_up(a,b).
// Parsing happens once (when an extension is registered); evaluation per node.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ovcl {
namespace ext {

/// A name an expression refers to.
struct Ref {
    enum class Kind { INPUT, OUTPUT, ATTRIBUTE };
    enum class Field { DIM, SIZE, RANK };
    Kind kind = Kind::INPUT;
    size_t port = 0;
    Field field = Field::DIM;
    size_t dim = 0;
    std::string name;  ///< ATTRIBUTE
    std::string text() const;
};

class Expression {
public:
    /// Throws Exception("bad expression '<text>': <what> at column <n>") on a syntax error.
    static Expression parse(const std::string& text);

    /// Values of references; nullopt when unknown (a dynamic dimension): the result is then
    /// unknown too. May throw (the message is put after the expression's text).
    using Lookup = std::function<std::optional<int64_t>(const Ref&)>;
    /// Throws Exception naming the expression on division by zero or a failing lookup.
    std::optional<int64_t> evaluate(const Lookup& lookup) const;

    const std::vector<Ref>& refs() const { return m_refs; }
    const std::string& text() const { return m_text; }

private:
    struct Item {
        enum class Op { NUM, REF, NEG, ADD, SUB, MUL, DIV, MOD, MIN, MAX, CEIL_DIV, ROUND_UP };
        Op op = Op::NUM;
        int64_t value = 0;  ///< NUM: the number; REF: index into m_refs
        int a = -1, b = -1;
    };
    friend class Parser;
    std::optional<int64_t> eval(int item, const Lookup& lookup) const;

    std::string m_text;
    std::vector<Item> m_items;
    std::vector<Ref> m_refs;
    int m_root = -1;
};

/// Splits a comma-separated list at the commas outside parentheses ("" gives none).
std::vector<std::string> split_expression_list(const std::string& text);
/// A comma-separated list of expressions ("" gives none).
std::vector<Expression> parse_expression_list(const std::string& text);

}  // namespace ext
}  // namespace ovcl
