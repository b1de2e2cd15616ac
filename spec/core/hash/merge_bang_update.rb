# merge!/update change the receiver and return it.
totals = { ann: 10 }
r = totals.merge!({ bob: 5 })
p r.equal?(totals), totals
totals.update({ ann: 1, cid: 2 }) { |_, old, new| old + new }
p totals
totals.update({ dan: 0 }, { ann: 100 })
p totals
p totals.merge!
begin
  totals.update(nil)
rescue TypeError => e
  p e.message
end
class Conf
  def to_hash
    { from_conf: true }
  end
end
p totals.merge!(Conf.new)
totals.merge!(totals) { |_, a, b| a.is_a?(Integer) ? a + b : a }
p totals
