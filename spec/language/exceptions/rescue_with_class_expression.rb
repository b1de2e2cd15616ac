def pick(flag) = flag ? ArgumentError : TypeError

r = begin
  raise TypeError, "t"
rescue pick(true)
  :argument
rescue pick(false)
  :type
end
p r
class Matcher
  def self.===(e) = e.message.start_with?("net")
end
r2 = begin
  raise "net down"
rescue Matcher
  :matched_by_triple_equal
end
p r2
