# JSON.parse's errors (json 2.6.1): ParserError names the line of json's C
# parser that gave up and shows the text from where it stopped; the depth
# limit is a NestingError; the source must be a String.
require "json"

def try(source, **opts)
  result = JSON.parse(source, **opts)
  puts "#{source.inspect} => #{result.inspect}"
rescue JSON::ParserError, TypeError, ArgumentError => e
  puts "#{source.inspect} #{e.class}: #{e.message}"
end

p JSON::ParserError.ancestors.take(4)
p JSON::NestingError.superclass, JSON::GeneratorError.superclass

# At the top level.
try ''
try '   '
try 'x'
try 'nul'
try 'tru e'
try '[1] x'
try '[1] [2]'
try '{"a":1}}'
try '01'
try '-'
try '/'
try '[1] /'
try '[1] /* open'
try '"abc'
try "\"a\tb\""
try "\"a\nb\""
try '"\\u12"'
try '"\\u12G4"'
try '"ab\\"'
try 'é'
try "{\"a\":1}\u0000 x"

# In arrays.
try '[1,]'
try '[,1]'
try '[1 2]'
try '[1,2,,3]'
try '[1, 2'
try "[1,\n2,\n"
try '[tru]'
try '[true false]'
try '["a" "b"]'
try '[-]'
try '[01]'
try '[-01]'
try '[1.]'
try '[.5]'
try '[1.5e]'
try '[1.5.3]'
try '[1e5e]'
try '[0x1]'
try '[- 1]'
try '[1,/ 2]'
try '[1/*'
try "[\"a\u0000b\""

# In objects (a broken object fails where it starts).
try '{"a" 1}'
try '{"a": 1,}'
try '{a: 1}'
try '{,}'
try '{"a":}'
try '{"a"}'
try '{1:2}'
try '{"a"/x:1}'
try '{"a":nul}'
try '{"a": [1, {"b": nul}]}'
try '{"a":[1,]}'
try '{"a":{"b":[}}'
try '{"a": {"b" 1}}'

# NaN and the infinities, unless allow_nan.
try 'NaN'
try '[NaN]'
try 'NaNx'
try '[Nax]'
try '[Infinity]'
try 'Infinityx'
try '[-Infinity]'
try '-Infinity'
try '[-Inf]'

# Surrogates: a high one needs a low one after it.
try '"\\ud83d"'
try '"\\ud83dabc"'
try '["ab\\ud83d", 1]'
try '["\\ud83d\\ude00\\ud83d"]'
try '"\\ud83d\\u12"'

# Nesting.
try '[[[]]]', max_nesting: 2
try '{"a":{"b":{}}}', max_nesting: 2
try '[1, 2, 3', max_nesting: 1
try '[[1]]', max_nesting: 1
try '[]', max_nesting: -1
try (("[" * 101) + ("]" * 101))
try (("[" * 100) + ("]" * 100))

# Arguments.
try nil
try 12
try '[1]', max_nesting: "x"
try '[[]]', max_nesting: 1.5
try '{"a":1}', symbolize_names: true, create_additions: true
begin
  JSON.parse('[1]', 5)
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  JSON::Parser.new('[1]', 5)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  parser = JSON::Parser.new('[1]')
  parser.send(:initialize, '[2]')
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
