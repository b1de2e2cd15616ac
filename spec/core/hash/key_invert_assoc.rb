# key(value) finds the first key with that value; invert swaps keys and
# values (a later duplicate value wins); assoc/rassoc return pairs.
grades = { ann: "A", bob: "B", cid: "A" }
p grades.key("A"), grades.key("C")
p grades.invert
p grades.assoc(:bob), grades.assoc(:zed)
p grades.rassoc("A"), grades.rassoc("Z")
p({ 1 => :one }.assoc(1.0))
codes = { "us" => 1, "ca" => 1, "mx" => 52 }
p codes.invert.invert
