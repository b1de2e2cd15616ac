# Day predicates, round, dup and freezing.
t = Time.utc(2020, 1, 1)
p t.wednesday?, t.sunday?, (t + 86_400 * 4).sunday?
p Time.at(1.23456789).utc.round, Time.at(1.23456789).utc.round(2), Time.at(1.23456789).utc.round(5)
p Time.at(0.5).utc.round, Time.at(1.5).utc.round, Time.at(-0.5).utc.round
d = t.dup
p d == t, d.equal?(t), t.frozen?
t.freeze
p t.utc.equal?(t)
begin
  t.localtime
rescue FrozenError => e
  p e.class
end
p t.instance_variables
class Stamp < Time
end
s = Stamp.at(0)
p s.class, (s + 1).class, s.round.class, s.getutc.class
