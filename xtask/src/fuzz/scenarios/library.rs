//! The core library's hooks: `structs` (a Struct with methods), `enumerable`
//! (a class including Enumerable over its own `each`), `ghost`
//! (`method_missing` and `respond_to_missing?`) and `core_redef` (a core
//! operator redefined after a method using it got hot, then restored):
//!
//! ```ruby
//! Pt314 = Struct.new(:x, :y) do
//!   def norm = x.abs + y.abs
//!   def +(o) = Pt314.new(x + o.x, y + o.y)
//! end
//! class Integer
//!   alias_method :fz_orig5, :+
//!   def +(o) = o == 777_777 ? :redefined : fz_orig5(o)
//! end
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// A Struct with methods, added up in a hot loop.
    pub(super) fn structs(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let pt = self.fresh("Pt");
        let mut out = vec![Stmt::Raw(format!(
            "{pt} = Struct.new(:x, :y) do\n  def norm = x.abs + y.abs\n  def +(o) = {pt}.new(x + o.x, y + o.y)\nend"
        ))];
        let k = self.rng.range(2, 6);
        let pts = self.fresh("pts");
        out.push(Stmt::Raw(format!(
            "{pts} = (0...{k}).map {{ |i| {pt}.new(i * {}, -i * {}) }}",
            self.rng.range(1, 9),
            self.rng.range(1, 9)
        )));
        let n = self.rng.range(500, HOT_MAX as i64) as u64;
        cx.charge(n * 20, n * 2);
        let s = self.fresh("s");
        out.push(Stmt::Raw(format!(
            "{s} = {pt}.new(0, 0)\n{n}.times do |i|\n  {s} = {s} + {pts}[i % {pts}.size]\n  {s} = {pt}.new({s}.x % 1000, {s}.y % 1000) if i % 7 == 0\nend\np {s}, {s}.norm, {s}.to_a, {s} == {pt}.new({s}.x, {s}.y), {pts}.max_by(&:norm)"
        )));
        out
    }

    /// A class including Enumerable: its methods, then one hot.
    pub(super) fn enumerable(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let bag = self.fresh("Bag");
        let each = if self.rng.chance(50) {
            "  def each(&b)\n    @items.each(&b)\n    self\n  end".to_owned()
        } else {
            "  def each\n    i = 0\n    while i < @items.size\n      yield @items[i]\n      i += 1\n    end\n    self\n  end"
                .to_owned()
        };
        let mut out = vec![Stmt::Raw(format!(
            "class {bag}\n  include Enumerable\n  def initialize(items) = (@items = items)\n{each}\nend"
        ))];
        let mut items: Vec<i64> = (0..self.rng.range(3, 8))
            .map(|_| self.rng.range(-20, 60))
            .collect();
        items.sort_unstable();
        items.dedup();
        self.rng.shuffle(&mut items);
        let list: Vec<String> = items.iter().map(|x| x.to_string()).collect();
        let b = self.fresh("b");
        out.push(Stmt::Raw(format!("{b} = {bag}.new([{}])", list.join(", "))));
        let ops = [
            "map { |x| x * 2 }",
            "select(&:even?)",
            "sort",
            "min_by { |x| [x % 3, x] }",
            "inject(:+)",
            "each_slice(2).to_a",
            "each_with_index.map { |x, i| x * i }",
            "first(2)",
            "include?(3)",
            "count(&:odd?)",
            "sum",
            "minmax",
            "group_by(&:odd?)",
            "partition { |x| x > 10 }",
            "tally",
            "each_cons(2).map { |x, y| x - y }",
            "find { |x| x > 4 }",
            "sort_by { |x| -x }",
            "max(2)",
            "to_a",
            "reduce(1) { |s, x| (s * (x.abs + 1)) % 1009 }",
            "zip([1, 2, 3])",
            "reject(&:zero?)",
            "sum { |x| x * x }",
            "each_with_object([]) { |x, acc| acc << x if x.odd? }",
            "min(2)",
            "sort { |p, q| q <=> p }",
            "uniq { |x| x % 4 }",
            "take_while { |x| x < 30 }",
            "flat_map { |x| [x, -x] }",
            "to_h { |x| [x, x.to_s] }",
        ];
        let mut picks: Vec<&str> = ops.to_vec();
        self.rng.shuffle(&mut picks);
        for op in picks.iter().take(self.rng.urange(4, 9)) {
            out.push(Stmt::Raw(format!("p({b}.{op})")));
        }
        let n = self.rng.range(300, HOT_MIN as i64 + 100) as u64;
        cx.charge(n * 80, n * 3);
        let s = self.fresh("s");
        let op = *self.rng.pick(&[
            "sum { |x| x * i }",
            "count { |x| x > i % 40 }",
            "map { |x| x + i }.max",
            "inject(0) { |a, x| a ^ (x + i) }",
            "select { |x| (x + i).odd? }.size",
        ]);
        out.push(Stmt::Raw(format!(
            "{s} = 0\n{n}.times do |i|\n  {s} = ({s} + {b}.{op}) % 1000003\nend\np {s}"
        )));
        out
    }

    /// Calls answered by `method_missing`, hot, and `respond_to?`.
    pub(super) fn ghost(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let g = self.fresh("Ghost");
        let mut out = vec![Stmt::Raw(format!(
            "class {g}\n  def method_missing(name, *args)\n    name.to_s.start_with?(\"fz_\") ? [name, args.sum] : super\n  end\n  def respond_to_missing?(name, priv = false) = name.to_s.start_with?(\"fz_\") || super\n  def inspect = \"#<{g}>\"\nend"
        ))];
        let o = self.fresh("g");
        out.push(Stmt::Raw(format!("{o} = {g}.new")));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n * 3);
        let acc = self.fresh("acc");
        out.push(Stmt::Raw(format!(
            "{acc} = 0\n{n}.times do |i|\n  r = {o}.fz_{}(i, {})\n  {acc} = ({acc} + r[1] + r[0].length) % 1000003\nend\np {acc}",
            self.fresh("m"),
            self.rng.range(0, 9)
        )));
        out.push(Stmt::Raw(format!(
            "p {o}.respond_to?(:fz_x), {o}.respond_to?(:other), {o}.fz_q(1, 2, 3)"
        )));
        let e = self.fresh("e");
        out.push(Stmt::Raw(format!(
            "begin\n  {o}.other_thing(1)\nrescue NoMethodError => {e}\n  puts {e}.message\nend"
        )));
        out
    }

    /// A core operator used by a hot method redefined, then restored.
    pub(super) fn core_redef(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let (class, op, a, b) = *self.rng.pick(&[
            ("Integer", "+", "i", "3"),
            ("Integer", "-", "i", "3"),
            ("Integer", "*", "i", "3"),
            ("Float", "+", "i * 0.5", "3.0"),
            ("String", "+", "i.to_s", "\"x\""),
            ("String", "<=>", "i.to_s", "\"5\""),
        ]);
        let hot = self.fresh("hot");
        let orig = self.fresh("fz_orig");
        let magic = match class {
            "Integer" => "777_777",
            "Float" => "7.5",
            _ => "\"magic\"",
        };
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 20, n);
        // `<=>` is what String's Comparable operators call: the hot method
        // compares with `<`, which compiled code answers inline while
        // `String#<=>` is the core's.
        let compare = op == "<=>";
        let hot_op = if compare { "<" } else { op };
        let redefined = if compare { "-1" } else { ":redefined" };
        let acc_init = match class {
            "String" if !compare => "\"\"",
            "Float" => "0.0",
            _ => "0",
        };
        let fold = match class {
            _ if compare => format!("r = (r + ({hot}({a}, {b}) ? 1 : 2)) % 1000003"),
            "String" => format!("r = (r + {hot}({a}, {b}))[0, 20]"),
            "Float" => format!("r = (r + {hot}({a}, {b})) % 1000.0"),
            _ => format!("r = (r + {hot}({a}, {b})) % 1000003"),
        };
        vec![
            Stmt::Raw(format!("def {hot}(a, b) = a {hot_op} b")),
            Stmt::Raw(format!(
                "r = {acc_init}\n{n}.times do |i|\n  {fold}\nend\np r"
            )),
            Stmt::Raw(format!(
                "class {class}\n  alias_method :{orig}, :{op}\n  def {op}(o) = o == {magic} ? {redefined} : {orig}(o)\nend"
            )),
            Stmt::Raw(format!("p {hot}({a_lit}, {magic}), {hot}({a_lit}, {b})", a_lit = match class {
                "Integer" => "5",
                "Float" => "2.5",
                _ => "\"s\"",
            })),
            Stmt::Raw(format!(
                "class {class}\n  alias_method :{op}, :{orig}\nend"
            )),
            Stmt::Raw(format!("p {hot}({a_lit}, {magic})", a_lit = match class {
                "Integer" => "5",
                "Float" => "2.5",
                _ => "\"s\"",
            })),
        ]
    }
}
