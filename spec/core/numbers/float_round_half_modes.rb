[2.5, 3.5, -2.5, -3.5, 2.4, 2.6, 0.5].each do |x|
  p [x, x.round(half: :up), x.round(half: :even), x.round(half: :down), x.round(half: nil)]
end
p [1.25.round(1, half: :even), 1.35.round(1, half: :even), 1.25.round(1, half: :down), 1.25.round(1, half: :up)]
p 2.5.round(half: "even")
p 2.5.round(half: "DOWN")
p 25.0.round(-1, half: :even)
p 35.0.round(-1, half: :down)
