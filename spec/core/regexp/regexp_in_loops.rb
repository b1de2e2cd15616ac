# Typical parsing with a regexp in a loop.
log = <<~LOG
  2024-01-01 INFO start
  2024-01-02 WARN disk low
  2024-01-03 ERROR crash: code=17
  garbage line
LOG
counts = Hash.new(0)
log.each_line do |line|
  next unless line =~ /\A(\d{4})-(\d\d)-(\d\d) (?<level>[A-Z]+) (.*)$/
  counts[$~[:level]] += 1
  p [$~[:level], $~.post_match.strip, $~[0].size]
end
p counts
p log.scan(/code=(\d+)/).flatten.map(&:to_i)
