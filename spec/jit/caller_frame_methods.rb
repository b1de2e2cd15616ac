# Core methods that read their caller's frame, called from inlined code:
# they see the inlined method's frame (rebuilt for them), not the frame
# of the compiled method it was inlined into.

class Probe
  def name_here = __method__
  def given? = block_given?
  def sent_given? = send(:block_given?)
  def where = __dir__.nil? ? :none : :dir
end

def outer(probe)
  [probe.name_here, probe.given?, probe.given? { }, probe.where]
end

probe = Probe.new
r = nil
500.times { r = outer(probe) { :ignored } }
p r
p probe.sent_given?
p(probe.sent_given? { })


def via_regexp(s) = s =~ /(\d+)/ && Regexp.last_match(1)
def run_regexp(list) = list.map { |s| via_regexp(s) }
x = nil
300.times { x = run_regexp(["a1", "b22", "c"]) }
p x
