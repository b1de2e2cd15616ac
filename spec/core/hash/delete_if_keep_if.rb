# The in-place filters: delete_if/keep_if return self; select!/filter!/
# reject! return nil when nothing changed. Their blocks get |key, value|.
scores = { ann: 91, bob: 45, cid: 78, dan: 30 }
p scores.dup.delete_if { |_, score| score < 50 }
p scores.dup.keep_if { |name, _| name != :cid }
h = scores.dup
p h.select! { |_, s| s > 40 }, h
p h.select! { |_, s| s > 40 }
h = scores.dup
p h.filter! { |k, _| k == :ann }, h
h = scores.dup
p h.reject! { |_, s| s > 100 }
p h.reject! { |_, s| s.even? }, h
h = scores.dup
r = h.delete_if { |*pair| pair[1] > 80 }
p r.equal?(h), h
h.keep_if { |k| k == :bob }
p h
