# JSON.generate, to_json, JSON.pretty_generate and JSON.dump (json 2.6.1):
# the JSON of each core value, String escaping, layout options, and the
# GeneratorError and NestingError json raises.
require "json"

def try(label)
  result = yield
  puts "#{label}: #{result.inspect}"
rescue JSON::JSONError, TypeError, ArgumentError => e
  puts "#{label}: #{e.class}: #{e.message}"
end

class Shown
  def to_s
    "shown!"
  end
end

class Custom
  def to_json(*args)
    "{\"custom\":#{args.size}}"
  end
end

class Depth
  def to_json(state)
    "#{state.class}:#{state.depth}"
  end
end

class BadJSON
  def to_json(*)
    5
  end
end

class SubHash < Hash; end
class SubArray < Array; end
class SubString < String; end

# Core values.
try(:hash) { JSON.generate({"a" => 1, :b => [1, 2.5, nil, true, false], 3 => "x", nil => 1, 1.5 => 2, Shown.new => 0}) }
try(:array) { JSON.generate([1, "two", [3, [4]], {}, []]) }
try(:scalars) { [JSON.generate(1), JSON.generate("s"), JSON.generate(nil), JSON.generate(true), JSON.generate(:sym), JSON.generate(2**70)] }
try(:floats) { JSON.generate([1.0, 1e20, 1.5e-7, 100.0, -0.0, 1.0e100, 1e16, 0.1 + 0.2, 3.14]) }
try(:objects) { JSON.generate([Shown.new, 1..3, Struct.new(:a).new(1)]) }
try(:custom) { JSON.generate([Custom.new, {"k" => Custom.new}]) }
try(:depth) { JSON.generate([[Depth.new], {"a" => Depth.new}]) }
try(:subclasses) { JSON.generate([SubHash[1, 2], SubArray[3], SubString.new("4")]) }

# Strings: quotes, backslashes and control characters escaped; "/",
# DEL and everything past ASCII left as they are.
try(:escapes) { JSON.generate("a\"b\\c/d\u001f\u0000\u0001\b\f\n\r\t\u007f é 日本 😀 \u2028") }
try(:ascii_only) { JSON.generate("\u007f\u0080é日\u{1F600}\u{10FFFF}\"\n", ascii_only: true) }
try(:escape_slash) { JSON.generate("a/b", escape_slash: true) }
try(:both) { JSON.generate("a/é", escape_slash: true, ascii_only: true) }
try(:keys) { JSON.generate({"\n" => "\t", "é" => "/"}) }

# to_json.
try(:to_json) { [1.to_json, 1.5.to_json, nil.to_json, true.to_json, false.to_json, "x\ny".to_json, :s.to_json, [1, "a"].to_json, {a: {b: []}}.to_json, Shown.new.to_json, (2**65).to_json] }
try(:to_json_state) { {"a" => [1]}.to_json(indent: "  ", object_nl: "\n", array_nl: "\n") }
try(:to_json_state2) { [1, [2]].to_json(JSON::PRETTY_STATE_PROTOTYPE) }
try(:owners) { [1.method(:to_json).owner, Object.new.method(:to_json).owner, "".method(:to_json).owner] }
try(:ancestors) { Hash.ancestors.take(3) }

# Layout.
try(:pretty) { JSON.pretty_generate({"a" => 1, "b" => [1, 2, {"c" => []}], "d" => {}, "e" => {"f" => nil}}) }
try(:pretty_empty) { [JSON.pretty_generate([]), JSON.pretty_generate({}), JSON.pretty_generate([[]]), JSON.pretty_generate(1)] }
try(:pretty_opts) { JSON.pretty_generate([1, [2, {"a" => [3]}]], indent: "    ") }
puts JSON.pretty_generate({"name" => "rhizome", "tags" => ["ruby", "vm"], "jit" => {"on" => true}})
try(:indent) { JSON.generate([[1], {"a" => {"b" => 2}}], indent: "  ") }
try(:indent_nl) { JSON.generate([[1], {"a" => {"b" => 2}}], indent: "  ", array_nl: "", object_nl: "") }
try(:object_nl) { JSON.generate({"a" => [1]}, object_nl: "\n") }
try(:array_nl) { JSON.generate({"a" => [1]}, array_nl: "\n") }
try(:space) { JSON.generate({"a" => 1, "b" => 2}, space: " ", space_before: " ") }
try(:tab) { JSON.generate({"a" => 1}, space: " ", indent: "\t", object_nl: "\n") }
try(:fast) { JSON.fast_generate([1, {"a" => 2}]) }

# State.
s = JSON::State.new(indent: "  ")
try(:state) { [s.indent, s.space, s.array_nl, s.depth, s.max_nesting, s.allow_nan?, s.ascii_only?, s.check_circular?, s.escape_slash?] }
try(:state_h) { JSON::State.new.to_h }
try(:state_ref) { [JSON::State.new[:indent], JSON::State.new(max_nesting: 0).check_circular?] }
try(:state_depth) { JSON::State.new(depth: 2, indent: "x", array_nl: "\n").generate([1]) }
try(:state_class) { [JSON::State, JSON.state, JSON.generator, JSON::State.from_state(nil).class] }
s = JSON::State.new
s.generate([1, [2]])
try(:depth_after) { s.depth }
s = JSON::State.new(max_nesting: 1)
try(:nested_fail) { s.generate([[1]]) }
try(:depth_after_fail) { s.depth }

# Errors.
try(:nan) { JSON.generate(0.0 / 0) }
try(:inf) { JSON.generate([1.0 / 0]) }
try(:ninf) { JSON.generate({"a" => -1.0 / 0}) }
try(:nan_to_json) { (0.0 / 0).to_json }
try(:pretty_inf) { JSON.pretty_generate({"a" => [1.0 / 0]}) }
try(:allow_nan) { JSON.generate([0.0 / 0, 1.0 / 0, -1.0 / 0], allow_nan: true) }
try(:bad_utf8) { JSON.generate("\xff") }
try(:bad_utf8_2) { JSON.generate("\xC3(") }
try(:bad_utf8_3) { JSON.generate("a\xFFb") }
try(:surrogate) { JSON.generate("\xED\xA0\x80") }
try(:partial) { JSON.generate("ab\xC3") }
try(:bad_ascii) { JSON.generate("\xED\xA0\x80", ascii_only: true) }
try(:bad_to_json) { JSON.generate([BadJSON.new]) }
nested = []
deepest = nested
100.times { deepest << []; deepest = deepest[0] }
try(:too_deep) { JSON.generate(nested) }
try(:deep_ok) { JSON.generate(nested, max_nesting: 101).size }
try(:max_nesting) { JSON.generate([[1]], max_nesting: 1) }
circular = [1]
circular << circular
try(:circular) { JSON.generate(circular) }
try(:opts) { JSON.generate([1], 5) }
try(:opts_type) { JSON.generate({1 => 2}, indent: 3) }
try(:opts_nesting) { JSON.generate([1], max_nesting: "x") }
try(:state_type) { JSON::State.new(5) }
try(:arity) { "x".to_json(1, 2) }
try(:nil_arity) { nil.to_json(1, 2) }

# dump.
try(:dump) { JSON.dump([1, "a", nil, {"b" => 0.0 / 0}]) }
try(:dump_limit) { JSON.dump([[[[1]]]], 2) }
try(:dump_io) { JSON.dump({"a" => 1}, $stdout); puts; :done }
try(:unparse) { JSON.unparse([1]) }
try(:brackets) { JSON[[1, 2]] }
try(:kernel) { JSON([3]) }
j [1, {"a" => nil}], "x"
jj({"a" => [1]})
