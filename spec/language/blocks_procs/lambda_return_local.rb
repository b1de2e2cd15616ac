def with_lambda
  l = -> { return :from_lambda }
  r = l.call
  "lambda gave #{r}, method continued"
end

p with_lambda
def lambda_early(x)
  check = ->(v) do
    return "negative" if v < 0
    "non-negative"
  end
  check.call(x) + "!"
end
p lambda_early(-1)
p lambda_early(1)
