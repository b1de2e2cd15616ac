a = (raise "x" rescue "rescued")
p a
b = Integer("12") rescue 0
p b
c = nil.length rescue -1
p c
def safe_div(a, b) = a / b rescue :nan
p safe_div(1, 0)
p safe_div(6, 3)
d = [1, 2].fetch(10) rescue "no index"
p d
