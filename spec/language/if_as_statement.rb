# An `if` whose value nothing uses (a statement before the last, a loop's
# body) still runs exactly the branch it should, with its assignments.
def classify(n)
  kind = nil
  if n < 0
    kind = :negative
  elsif n == 0
    kind = :zero
  else
    kind = :positive
    kind = :big if n > 100
  end
  unless kind == :zero then kind = [kind] else kind = "zero" end
  kind
end
p [-5, 0, 7, 1000].map { |n| classify(n) }

# The last statement's `if` is the method's value.
def last(n)
  x = n * 2
  if x > 4 then :large elsif x > 2 then :medium end
end
p [1, 2, 3].map { |n| last(n) }

i = 0
found = []
while i < 10
  i += 1
  next if i.odd?
  if i == 8
    break
  end
  if i > 2
    found << i
  else
    found << -i
  end
end
p found, i

r = while true
  if i > 0
    i -= 3
  end
  if i < 0
    break [:broke, i]
  end
end
p r

j = 0
until j >= 3
  begin
    raise "odd" if j.odd?
    j += 1
  rescue => e
    j += 1 if e.message == "odd"
  end
end
p j
x = 5
if x > 3
  x = 1 if x == 5
  y = if x == 1 then :one else :other end
end
p x, y
