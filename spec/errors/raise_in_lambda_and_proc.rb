checker = ->(v) { raise TypeError, "lambda got #{v}" }
runner = proc { |v| checker.call(v * 2) }
def apply(pr)
  pr.call(21)
end
apply(runner)
