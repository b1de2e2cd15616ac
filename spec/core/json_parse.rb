# JSON.parse (json 2.6.1): the values JSON text holds, with its escapes,
# numbers, comments and whitespace, and the parser's options.
require "json"

def show(source, **opts)
  result = JSON.parse(source, **opts)
  puts "#{source.inspect} => #{result.inspect}"
end

# Values and containers.
show '{"a": 1, "b": [true, false, null], "c": {"d": "e"}}'
show '[]'
show '{}'
show '[[], {}, [[]], {"x": {}}]'
show '{"a":1, "a":2}'
show '1'
show '"top"'
show 'null'
show 'true'

# Numbers: integers of any size, floats with fractions and exponents.
show '[0, -0, 7, -12, 12345678901234567890123, -98765432109876543210]'
show '[1.5, -0.0, 0.1, 1e5, 1E+2, 2e-3, 1.5e-3, 6.02E23, 1.7976931348623157e308]'
show '[1e400, -1e400, 4.9e-324, 123456789.123456789]'
r = JSON.parse('[10, 2.5, 3e2, 100000000000000000000]')
p r.map(&:class)

# Strings and their escapes.
show '"plain é 日本 😀"'
show '"\\" \\\\ \\/ \\b \\f \\n \\r \\t"'
show '"\\u0041\\u00e9\\u65e5\\u0000\\u001f"'
show '"\\ud83d\\ude00 and \\uD83D\\uDE03"'
show '"\\x\\q\\%"'
show '"\\ud83dabcdefgh"'
show '"\\ud83d\\u0041xxxx"'
p JSON.parse('"\\ude00"').bytes
p JSON.parse('"\\u00e9"').bytes

# Whitespace and comments around and between tokens.
show " \t\n\r [ 1 , 2 ] \n"
show "/* before */ [1, /* in */ 2 // line\n, 3] // after\n"
show "{/*a*/\"a\"/*b*/:/*c*/1/*d*/,/*e*/\"b\":2/*f*/}"
show "[1 /***/, 2 /* * / */]"

# Options.
show '{"a": {"b": 1}, "c": [{"d": 2}]}', symbolize_names: true
show '[NaN, Infinity, -Infinity]', allow_nan: true
show '[[1]]', max_nesting: 2
show (("[" * 101) + ("]" * 101)), max_nesting: false
show (("[" * 101) + ("]" * 101)), max_nesting: nil
show (("[" * 101) + ("]" * 101)), max_nesting: 0
a = JSON.parse('["x", {"a": []}]', freeze: true)
p [a.frozen?, a[0].frozen?, a[1].frozen?, a[1]["a"].frozen?]
a = JSON.parse('["x", {"a": []}]')
p [a.frozen?, a[0].frozen?, a[1].frozen?, a[1].keys[0].frozen?]

class MyHash < Hash; end
class MyArray < Array; end
r = JSON.parse('{"a": [1, {"b": 2}]}', object_class: MyHash, array_class: MyArray)
p r.class, r["a"].class, r["a"][1].class, r

class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x, @y = x, y
  end

  def self.json_create(hash)
    new(hash["x"], hash["y"])
  end
end
pt = JSON.parse('{"json_class": "Point", "x": 1, "y": 2}', create_additions: true)
p pt.class, pt.x, pt.y
p JSON.parse('{"json_class": "Point", "x": 1}')
p JSON.parse('{"kind": "Point", "x": 3, "y": 4}', create_additions: true, create_id: "kind").y
p Point.json_creatable?, Integer.json_creatable?

# The other ways in.
p JSON.parse!('[NaN]')
p JSON.load('[1, {"a": null}]')
p JSON.load('')
p JSON.load(nil)
JSON.load('[1, [2]]', proc { |x| print x.inspect, " " })
puts
p JSON['[1, 2]']
p JSON('{"k": "v"}')
p JSON::Parser.new('{"a": 1}').parse
p JSON::Parser.new('[1]').source
p JSON.parser, JSON::Parser
