# A method inlined into compiled code, then redefined: the code that
# assumed the old body is invalidated, and calls see the new one, even in
# an activation that is running when the redefinition happens.
def value
  1
end

def total(n, redefine_at)
  sum = 0
  i = 0
  while i < n
    redefine if i == redefine_at
    sum += value
    i += 1
  end
  sum
end

def redefine
  Object.class_eval do
    def value
      10
    end
  end
end

p total(10, -1)
2000.times { total(5, -1) }
p total(10, 5)
p total(10, -1)
