# MatchData has no allocator.
p MatchData.ancestors.include?(Object)
MatchData.new
