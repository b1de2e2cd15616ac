def make
  proc { break 42 }
end

pr = make
pr.call
