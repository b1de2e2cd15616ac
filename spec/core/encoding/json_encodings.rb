# JSON reads and writes Strings of any encoding as UTF-8, as MRI json does.
require "json"
p JSON.generate(["é".b]) rescue p $!
p JSON.generate(["\xff"]) rescue p $!
p JSON.generate(["\xff".b]) rescue p $!
p JSON.parse('["é"]')[0].encoding
p JSON.parse('["a"]'.b)[0].encoding
p JSON.generate({"a" => 1}).encoding, JSON.generate("é".force_encoding("US-ASCII")) rescue p $!
p JSON.parse('{"k": "caf\u00e9"}'.b), JSON.parse('{"k": "caf\u00e9"}'.b)["k"].encoding
p JSON.generate("ascii".force_encoding("US-ASCII")), JSON.generate(["x".b, 1]).encoding
