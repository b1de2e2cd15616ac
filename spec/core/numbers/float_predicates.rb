vals = [1.5, -1.5, 0.0, -0.0, Float::INFINITY, -Float::INFINITY, Float::NAN]
vals.each do |v|
  p [v, v.nan?, v.infinite?, v.finite?, v.zero?, v.positive?, v.negative?, v.nonzero?, v.integer?]
end
