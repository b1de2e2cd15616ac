# any?/all?/none?/one? over pairs, with a block, a pattern, or neither.
flags = { debug: false, verbose: true, color: nil }
p flags.any? { |_, on| on }, flags.all? { |_, on| on }, flags.none? { |_, on| on }
p flags.one? { |_, on| on }
p flags.any?, {}.any?, {}.all?, {}.none?
p flags.any?([:verbose, true]), flags.any?(Array), flags.all?(Array)
p flags.any? { |pair| pair.size == 2 }
p({ a: nil }.any?)
checked = []
flags.any? { |k, _| checked << k; k == :verbose }
p checked
