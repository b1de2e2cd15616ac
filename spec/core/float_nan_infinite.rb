inf = 1.0 / 0
nan = 0.0 / 0.0
p nan.nan?
p inf.nan?
p 1.5.nan?
p inf.infinite?
p (-inf).infinite?
p 1.5.infinite?
p nan.infinite?
p 0.0.nan?
p (inf * 0).nan?
