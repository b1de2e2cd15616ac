def find_first_even(arr)
  arr.each do |x|
    return x if x.even?
  end
  :none
end

p find_first_even([1, 3, 4, 6])
p find_first_even([1, 3])
def from_proc
  pr = proc { return :from_proc }
  pr.call
  :after_proc
end
p from_proc
