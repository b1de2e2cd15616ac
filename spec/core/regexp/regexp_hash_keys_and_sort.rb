# Regexps used as values: in arrays, grep-like selection, sorting strings.
words = %w[apple banana cherry avocado]
p words.select { |w| w =~ /^a/ }, words.reject { |w| /an/.match?(w) }
p words.map { |w| w[/[aeiou]+/] }, words.sort_by { |w| w.scan(/a/).size }
p words.count { |w| w.match?(/e/) }
p words.find { |w| /rr/ =~ w }, words.partition { |w| w.start_with?(/b|c/) }
